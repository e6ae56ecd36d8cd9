import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PointFeed as Feed } from '#shared/contract/admin-point-feeds.ts';
import type { PointDirectoryImport } from '#shared/contract/admin-pickup-points.ts';
import { PARTNERS } from '#shared/domain/enums.ts';
import { dismissToast } from '#web/components/ui/toast-store.ts';
import { preloadToastView, Toaster } from '#web/components/ui/toaster.tsx';
import { jsonResponse as json, stubFetchPerTest } from '#tests/setup/web/fetch-mock.ts';
import { render } from '#tests/setup/web/render.tsx';
import { FEED_RUN_POLL_MS } from '../api/point-feeds.ts';
import { PointFeed } from './point-feed.tsx';

// The toast's view loads with the first toast (React.lazy); the app has it from then on.
beforeAll(() => preloadToastView());

const fetchMock = stubFetchPerTest();
afterEach(() => {
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
  return { view, user: userEvent.setup({ delay: null }) };
}

/** Waits, inside act, until the assertion holds (answers arrive and render when they do, not after a guessed time). */
const until = (assertion: () => void) =>
  vi.waitFor(async () => {
    await act(async () => {});
    assertion();
  });

/** The dialogs a user sees (a closed one is out of the accessibility tree). */
const openDialogs = () => screen.queryAllByRole('dialog');
const calls = (method: string) => fetchMock().mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);
/** The last import's counts: each term with the value beside it. */
const stats = () => {
  const list = screen.queryByLabelText('Last import');
  if (!list) return {};
  const values = within(list).getAllByRole('definition');
  return Object.fromEntries(
    within(list)
      .getAllByRole('term')
      .map((term, i) => [term.textContent, values[i]?.textContent]),
  );
};
/** The state badges shown, of those a feed can have. */
const badges = () => ['Active', 'Paused', 'Imported', 'Not imported'].filter((text) => screen.queryByText(text));
/** Escapes a text for a RegExp that finds it inside an element's text. */
const containing = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

describe('the pickup-point list address', () => {
  it("shows the partner's feed and its last import, and the rejected rows on request", async () => {
    fetchMock().mockResolvedValue(json([otherFeed, feed]));
    const { user } = setup();
    const link = await screen.findByRole('link', { name: URL_ });
    expect(String(fetchMock().mock.calls[0]![0])).toContain('/api/v1/admin/pickup-points/feeds');
    expect(screen.queryByText(/one\.example/)).toBeNull();
    expect(link.getAttribute('href')).toBe(URL_);
    expect(link.className).toContain('break-all');
    const current = within(screen.getByLabelText('Current list address'));
    expect(current.getByText(/Every 6 hours/)).toBeTruthy();
    expect(current.getByText(/CSV/)).toBeTruthy();
    expect(badges()).toEqual(['Active', 'Imported']);
    expect(stats()).toEqual({ Added: '4', Changed: '7', Unchanged: '106', Deactivated: '2', Rejected: '1' });
    // The form holds the saved values (the selects are not read here: happy-dom matches a number
    // set as a select's value against the options' values strictly, a browser converts it).
    expect(field('Address of the list').value).toBe(URL_);
    expect(button('Save').disabled).toBe(true);

    expect(screen.queryByText('This value is missing or not valid')).toBeNull();
    await user.click(button('Show the import'));
    expect(screen.getByText(/This value is missing or not valid/)).toBeTruthy();
  });

  it('shows why the last fetch imported nothing', async () => {
    const message = "The partner's server answered 404 instead of the list.";
    fetchMock().mockResolvedValue(json([{ ...feed, enabled: false, next_run_at: null, last_import: null, last_error: { message, at: '2024-05-01T06:00:05Z' } }]));
    setup();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(badges()).toEqual(['Paused', 'Not imported']);
    expect(stats()).toEqual({});
  });

  it('offers a form when the partner has no feed, and nothing at all for a partner without a list format', async () => {
    fetchMock().mockResolvedValue(json([otherFeed]));
    const { view } = setup();
    expect(await screen.findByText(/No list address yet\./)).toBeTruthy();
    expect(field('Address of the list').value).toBe('');
    expect(screen.queryByRole('button', { name: 'Fetch now' })).toBeNull();
    view.unmount();

    const none = setup(PARTNERS.POST_AT);
    // Nothing rendered at all (the toaster is empty too).
    expect(none.view.container.textContent).toBe('');
    expect(fetchMock()).toHaveBeenCalledTimes(1);
  });

  it("saves with PUT and puts the server's field errors on their fields", async () => {
    fetchMock().mockResolvedValueOnce(json([]));
    const { user } = setup();
    await screen.findByText(/No list address yet\./);
    const retype = async (text: string) => {
      await user.clear(field('Address of the list'));
      await user.type(field('Address of the list'), text);
    };

    // Checked before the server is asked.
    await retype('http://plain.example/points.csv');
    await user.click(button('Save'));
    await until(() => expect(field('Address of the list').getAttribute('aria-invalid')).toBe('true'));
    expect(calls('PUT')).toHaveLength(0);

    const refused = 'The address leads into a private network; only public https servers are fetched.';
    fetchMock().mockResolvedValueOnce(json({ error: 'validation_failed', message: 'Invalid', errors: { url: [refused] } }, 400));
    await retype('  https://10.0.0.8/points.json ');
    await user.selectOptions(field('Format'), 'json');
    await user.selectOptions(field('How often'), '12');
    await user.click(button('Save'));
    await screen.findByText(refused);
    expect(calls('PUT')).toHaveLength(1);
    const [url, init] = calls('PUT')[0]!;
    expect(String(url)).toContain(`/api/v1/admin/partners/${SPS}/point-feed`);
    expect(JSON.parse(String(init?.body))).toEqual({ url: 'https://10.0.0.8/points.json', format: 'json', every_hours: 12, enabled: true });
    const input = field('Address of the list');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(refused);
    expect(document.activeElement).toBe(input);

    const saved: Feed = { ...feed, url: 'https://sps.example/points.json', format: 'json', every_hours: 12, last_run_at: null, last_import: null };
    fetchMock().mockResolvedValueOnce(json(saved));
    await retype('https://sps.example/points.json');
    await user.click(button('Save'));
    expect(await screen.findByText('List address of SPS saved.')).toBeTruthy();
    const current = within(screen.getByLabelText('Current list address'));
    expect(current.getByText(/Every 12 hours/)).toBeTruthy();
    expect(current.getByText(/Not fetched yet/)).toBeTruthy();
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
    const { user } = setup(SPS, client);
    await screen.findByText(/Not fetched yet/);
    /** The card's own live region (a toast is another status, outside the card). */
    const runStatus = () => within(screen.getByRole('region', { name: 'Pickup-point list address' })).getByRole('status');

    await user.click(button('Fetch now'));
    await until(() => expect(runStatus().textContent).toContain('waiting for it to run'));
    const [url] = calls('POST')[0]!;
    expect(String(url)).toContain(`/api/v1/admin/partners/${SPS}/point-feed/run`);
    expect(button('Fetch now').disabled).toBe(true);
    expect(reads).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(FEED_RUN_POLL_MS));
    await until(() => expect(reads).toBe(2));
    await until(() => expect(runStatus().textContent).toContain('waiting for it to run'));

    await act(() => vi.advanceTimersByTimeAsync(FEED_RUN_POLL_MS));
    await until(() => expect(stats()).toMatchObject({ Added: '9' }));
    expect(reads).toBe(3);
    expect(runStatus().textContent).toBe('');
    expect(button('Fetch now').disabled).toBe(false);
    expect(screen.getByText('List of SPS imported: 9 added, 7 changed, 2 deactivated, 1 rejected.')).toBeTruthy();
    // What the run changed elsewhere is read again: the directory's history and the point counts.
    const keys = invalidate.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
    expect(keys).toEqual(expect.arrayContaining([JSON.stringify(['partners', 'directory-imports']), JSON.stringify(['partners', 'network'])]));

    // Nothing waits any more: no more polling.
    await act(() => vi.advanceTimersByTimeAsync(FEED_RUN_POLL_MS * 3));
    expect(reads).toBe(3);
  });

  it('removes the feed only after confirmation', async () => {
    fetchMock().mockResolvedValueOnce(json([feed]));
    const { user } = setup();
    await screen.findByRole('link', { name: URL_ });

    await user.click(button('Remove'));
    expect(openDialogs()).toHaveLength(1);
    const dialog = screen.getByRole('dialog', { name: 'Remove the list address of SPS?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(openDialogs()).toHaveLength(0);
    expect(calls('DELETE')).toHaveLength(0);

    await user.click(button('Remove'));
    fetchMock().mockResolvedValueOnce(json({ message: 'The list address was removed; the points stay as they are.' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(/No list address yet\./)).toBeTruthy();
    expect(calls('DELETE')).toHaveLength(1);
    expect(String(calls('DELETE')[0]![0])).toContain(`/api/v1/admin/partners/${SPS}/point-feed`);
    expect(screen.getByText('The list address was removed; the points stay as they are.')).toBeTruthy();
    expect(openDialogs()).toHaveLength(0);
    expect(screen.queryByText(containing(URL_))).toBeNull();
  });
});
