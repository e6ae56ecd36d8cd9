import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PointFeed as Feed } from '../../../../shared/contract/admin-point-feeds.ts';
import type { PointDirectoryImport } from '../../../../shared/contract/admin-pickup-points.ts';
import { PARTNERS } from '../../../../shared/domain/enums.ts';
import { dismissToast } from '../../../components/ui/toast-store.ts';
import { preloadToastView, Toaster } from '../../../components/ui/toaster.tsx';
import { buttonNamed, byLabel, choose, click, type } from '../../../../../tests/setup/web/dom-helpers.ts';
import { jsonResponse as json, stubFetchPerTest } from '../../../../../tests/setup/web/fetch-mock.ts';
import { render } from '../../../../../tests/setup/web/render.tsx';
import { FEED_RUN_POLL_MS } from '../api/point-feeds.ts';
import { PointFeed } from './point-feed.tsx';

// The toast's view loads with the first toast (React.lazy); the app has it from then on.
beforeAll(() => preloadToastView());

const fetchMock = stubFetchPerTest();
let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
  act(() => dismissToast());
  vi.useRealTimers();
});

const SPS = PARTNERS.SPS;
const URL_ = 'https://data.sps.example/exports/pickup-points/2024/all-points-with-a-very-long-name.csv?token=abc';

const lastImport: PointDirectoryImport = {
  id: 'imp-7',
  partner_id: SPS,
  partner_name: 'SPS',
  filename: 'all-points-with-a-very-long-name.csv',
  created_at: '2024-05-01T06:00:05Z',
  actor: null,
  total: 120,
  added: 4,
  changed: 7,
  unchanged: 106,
  deactivated: 2,
  rejected: 1,
  rejected_rows: [{ row: 17, field: 'zip', message: 'This value is missing or not valid' }],
};

const feed: Feed = {
  partner_id: SPS,
  partner_name: 'SPS',
  url: URL_,
  format: 'csv',
  every_hours: 6,
  enabled: true,
  next_run_at: '2024-05-01T12:00:00Z',
  requested_at: null,
  last_run_at: '2024-05-01T06:00:05Z',
  last_import: lastImport,
  last_error: null,
};

/** The other partner's feed: the list holds every partner's, the card shows only its own. */
const otherFeed: Feed = { ...feed, partner_id: PARTNERS.ONE_CZ, partner_name: 'One CZ', url: 'https://one.example/points.json', format: 'json' };

function setup(partnerId: number = SPS, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  const view = render(
    <QueryClientProvider client={client}>
      <PointFeed partnerId={partnerId} partnerName="SPS" />
      <Toaster />
    </QueryClientProvider>,
  );
  cleanup = view.unmount;
  return view.container;
}

/** Waits, inside act, until the assertion holds (answers arrive and render when they do, not after a guessed time). */
const until = (assertion: () => void) =>
  vi.waitFor(async () => {
    await act(async () => {});
    assertion();
  });

const openDialogs = () => [...document.querySelectorAll('dialog')].filter((d) => d.open);
const calls = (method: string) => fetchMock().mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);
const stats = (container: HTMLElement) =>
  Object.fromEntries([...container.querySelectorAll('dl[aria-label="Last import"] > div')].map((d) => [d.querySelector('dt')!.textContent, d.querySelector('dd')!.textContent]));

describe('the pickup-point list address', () => {
  it("shows the partner's feed and its last import, and the rejected rows on request", async () => {
    fetchMock().mockResolvedValue(json([otherFeed, feed]));
    const container = setup();
    await until(() => expect(container.textContent).toContain(URL_));
    expect(String(fetchMock().mock.calls[0]![0])).toContain('/api/v1/admin/pickup-points/feeds');
    expect(container.textContent).not.toContain('one.example');
    const link = container.querySelector(`a[href="${URL_}"]`)!;
    expect(link.className).toContain('break-all');
    expect(container.textContent).toContain('Every 6 hours');
    expect(container.textContent).toContain('CSV');
    expect([...container.querySelectorAll('.badge')].map((b) => b.textContent)).toEqual(['Active', 'Imported']);
    expect(stats(container)).toEqual({ Added: '4', Changed: '7', Unchanged: '106', Deactivated: '2', Rejected: '1' });
    // The form holds the saved values (the selects are not read here: happy-dom matches a number
    // set as a select's value against the options' values strictly, a browser converts it).
    expect(byLabel(container, 'Address of the list').value).toBe(URL_);
    expect(buttonNamed(container, 'Save').disabled).toBe(true);

    expect(container.textContent).not.toContain('This value is missing or not valid');
    click(buttonNamed(container, 'Show the import'));
    expect(container.textContent).toContain('This value is missing or not valid');
  });

  it('shows why the last fetch imported nothing', async () => {
    const message = "The partner's server answered 404 instead of the list.";
    fetchMock().mockResolvedValue(json([{ ...feed, enabled: false, next_run_at: null, last_import: null, last_error: { message, at: '2024-05-01T06:00:05Z' } }]));
    const container = setup();
    await until(() => expect(container.textContent).toContain(message));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(message);
    expect([...container.querySelectorAll('.badge')].map((b) => b.textContent)).toEqual(['Paused', 'Not imported']);
    expect(stats(container)).toEqual({});
  });

  it('offers a form when the partner has no feed, and nothing at all for a partner without a list format', async () => {
    fetchMock().mockResolvedValue(json([otherFeed]));
    const container = setup();
    await until(() => expect(container.textContent).toContain('No list address yet.'));
    expect(byLabel(container, 'Address of the list').value).toBe('');
    expect(() => buttonNamed(container, 'Fetch now')).toThrow();
    cleanup?.();

    const none = setup(PARTNERS.POST_AT);
    expect(none.textContent).toBe('');
    expect(fetchMock()).toHaveBeenCalledTimes(1);
  });

  it("saves with PUT and puts the server's field errors on their fields", async () => {
    fetchMock().mockResolvedValueOnce(json([]));
    const container = setup();
    await until(() => expect(container.textContent).toContain('No list address yet.'));

    // Checked before the server is asked.
    type(byLabel(container, 'Address of the list'), 'http://plain.example/points.csv');
    click(buttonNamed(container, 'Save'));
    await until(() => expect(byLabel(container, 'Address of the list').getAttribute('aria-invalid')).toBe('true'));
    expect(calls('PUT')).toHaveLength(0);

    const refused = 'The address leads into a private network; only public https servers are fetched.';
    fetchMock().mockResolvedValueOnce(json({ error: 'validation_failed', message: 'Invalid', errors: { url: [refused] } }, 400));
    type(byLabel(container, 'Address of the list'), '  https://10.0.0.8/points.json ');
    choose(byLabel<HTMLSelectElement>(container, 'Format'), 'json');
    choose(byLabel<HTMLSelectElement>(container, 'How often'), '12');
    click(buttonNamed(container, 'Save'));
    await until(() => expect(container.textContent).toContain(refused));
    expect(calls('PUT')).toHaveLength(1);
    const [url, init] = calls('PUT')[0]!;
    expect(String(url)).toContain(`/api/v1/admin/partners/${SPS}/point-feed`);
    expect(JSON.parse(String(init?.body))).toEqual({ url: 'https://10.0.0.8/points.json', format: 'json', every_hours: 12, enabled: true });
    expect(container.textContent).toContain(refused);
    const input = byLabel(container, 'Address of the list');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(refused);
    expect(document.activeElement).toBe(input);

    const saved: Feed = { ...feed, url: 'https://sps.example/points.json', format: 'json', every_hours: 12, last_run_at: null, last_import: null };
    fetchMock().mockResolvedValueOnce(json(saved));
    type(input, 'https://sps.example/points.json');
    click(buttonNamed(container, 'Save'));
    await until(() => expect(document.body.textContent).toContain('List address of SPS saved.'));
    expect(container.textContent).toContain('Every 12 hours');
    expect(container.textContent).toContain('Not fetched yet');
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('fetches now: shows that it waits, polls every 2 s until the run is over, then shows the outcome', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const before: Feed = { ...feed, last_run_at: null, last_import: null };
    const queued: Feed = { ...before, requested_at: '2024-05-01T08:15:00Z' };
    const done: Feed = { ...before, last_run_at: '2024-05-01T08:15:04Z', last_import: { ...lastImport, added: 9 } };
    let reads = 0;
    fetchMock().mockImplementation(async (_input, init) => {
      if (init?.method === 'POST') return json(queued, 202);
      reads += 1;
      // First read: before the request; then once still waiting; then the run is over.
      return json([reads === 1 ? before : reads === 2 ? queued : done]);
    });
    const container = setup(SPS, client);
    await until(() => expect(container.textContent).toContain('Not fetched yet'));

    click(buttonNamed(container, 'Fetch now'));
    await until(() => expect(container.querySelector('[role="status"]')?.textContent).toContain('waiting for it to run'));
    const [url] = calls('POST')[0]!;
    expect(String(url)).toContain(`/api/v1/admin/partners/${SPS}/point-feed/run`);
    expect(buttonNamed(container, 'Fetch now').disabled).toBe(true);
    expect(reads).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(FEED_RUN_POLL_MS));
    await until(() => expect(reads).toBe(2));
    await until(() => expect(container.textContent).toContain('waiting for it to run'));

    await act(() => vi.advanceTimersByTimeAsync(FEED_RUN_POLL_MS));
    await until(() => expect(stats(container)).toMatchObject({ Added: '9' }));
    expect(reads).toBe(3);
    expect(container.querySelector('[role="status"]')?.textContent).toBe('');
    expect(buttonNamed(container, 'Fetch now').disabled).toBe(false);
    expect(document.body.textContent).toContain('List of SPS imported: 9 added, 7 changed, 2 deactivated, 1 rejected.');
    // What the run changed elsewhere is read again: the directory's history and the point counts.
    const keys = invalidate.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
    expect(keys).toEqual(expect.arrayContaining([JSON.stringify(['partners', 'directory-imports']), JSON.stringify(['partners', 'network'])]));

    // Nothing waits any more: no more polling.
    await act(() => vi.advanceTimersByTimeAsync(FEED_RUN_POLL_MS * 3));
    expect(reads).toBe(3);
  });

  it('removes the feed only after confirmation', async () => {
    fetchMock().mockResolvedValueOnce(json([feed]));
    const container = setup();
    await until(() => expect(container.textContent).toContain(URL_));

    click(buttonNamed(container, 'Remove'));
    expect(openDialogs()).toHaveLength(1);
    const dialog = openDialogs()[0]!;
    expect(dialog.textContent).toContain('Remove the list address of SPS?');
    click(buttonNamed(dialog, 'Cancel'));
    expect(openDialogs()).toHaveLength(0);
    expect(calls('DELETE')).toHaveLength(0);

    click(buttonNamed(container, 'Remove'));
    fetchMock().mockResolvedValueOnce(json({ message: 'The list address was removed; the points stay as they are.' }));
    click(buttonNamed(openDialogs()[0]!, 'Remove'));
    await until(() => expect(container.textContent).toContain('No list address yet.'));
    expect(calls('DELETE')).toHaveLength(1);
    expect(String(calls('DELETE')[0]![0])).toContain(`/api/v1/admin/partners/${SPS}/point-feed`);
    expect(document.body.textContent).toContain('The list address was removed; the points stay as they are.');
    expect(openDialogs()).toHaveLength(0);
    expect(container.textContent).toContain('No list address yet.');
    expect(container.textContent).not.toContain(URL_);
  });
});
