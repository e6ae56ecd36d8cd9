import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Manifest } from '#shared/contract/manifests.ts';
import { dismissToast } from '#web/components/ui/toast-store.ts';
import { preloadToastView, Toaster } from '#web/components/ui/toaster.tsx';
import { renderInRouter } from '#tests/setup/web/render.tsx';
import { keepFile } from '#web/lib/kept-files.ts';
import { ManifestList } from './manifest-list.tsx';

// The toast's view loads with the first toast (React.lazy); the app has it from then on.
beforeAll(() => preloadToastView());

const manifest = (n: number, patch: Partial<Manifest> = {}): Manifest => ({
  id: `MF${String(n).padStart(10, '0')}`,
  pickup_address_id: '7d2f1c4e-2b1a-4c3d-8e9f-0a1b2c3d4e5f',
  pickup_address: 'Mlynské nivy 5, Bratislava',
  shipment_partner: 'Slovak Parcel Service',
  shipment_count: 12,
  created_at: '2025-05-06T08:09:00.000Z',
  ...patch,
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function setup(isAdmin: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderInRouter(
    <QueryClientProvider client={client}>
      <ManifestList isAdmin={isAdmin} />
      <Toaster />
    </QueryClientProvider>,
  );
  // The router renders on its next tick; then the skeleton stays until the first page is in.
  await screen.findByRole('heading', { name: 'Manifests' });
  await vi.waitFor(() => expect(screen.queryByRole('status', { busy: true })).toBeNull());
  return userEvent.setup();
}

/** The desktop table (cards hold the same facts for phones). */
const table = () => screen.getByRole('table');
const headers = () => within(table()).getAllByRole('columnheader').map((th) => th.textContent);
/** The cells of the table's first manifest. */
const firstRowCells = () => within(within(table()).getAllByRole('row')[1]!).getAllByRole('cell').map((td) => td.textContent);

describe('ManifestList', () => {
  it('shows a client the manifest id, dd.MM.yyyy HH:mm, address, partner and count, without a company column', async () => {
    fetchMock.mockResolvedValue(json({ count: 1, manifests: [manifest(1)] }));
    await setup(false);

    expect(headers()).toEqual(['Manifest', 'Created at', 'Pickup address', 'Partner', 'Shipments', 'Actions']);
    expect(firstRowCells().slice(0, 5)).toEqual(['MF0000000001', expect.stringMatching(/^06\.05\.2025 \d\d:09$/), 'Mlynské nivy 5, Bratislava', 'Slovak Parcel Service', '12']);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/manifests?skip=0&take=50');
  });

  it('adds the company column for admins', async () => {
    fetchMock.mockResolvedValue(json({ count: 1, manifests: [manifest(1, { companyName: 'Zelená Záhrada s.r.o.' })] }));
    await setup(true);

    expect(headers()).toContain('Company');
    expect(within(table()).getByText('Zelená Záhrada s.r.o.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Manifests' })).getByText(/Zelená Záhrada s\.r\.o\./)).toBeTruthy();
  });

  it('loads the next 50 with More', async () => {
    const first = Array.from({ length: 50 }, (_, i) => manifest(60 - i));
    fetchMock.mockResolvedValueOnce(json({ count: 60, manifests: first })).mockResolvedValueOnce(json({ count: 60, manifests: [manifest(10), manifest(9)] }));
    const user = await setup(false);
    expect(screen.getByText(/Showing 50 of 60/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'More' }));
    expect(await screen.findByText(/Showing 52 of 60/)).toBeTruthy();
    expect(String(fetchMock.mock.calls[1]![0])).toBe('/api/v1/manifests?skip=50&take=50');
  });

  it('says what to do when there is none yet', async () => {
    fetchMock.mockResolvedValue(json({ count: 0, manifests: [] }));
    await setup(false);
    expect(screen.getByText(/No manifests yet\./)).toBeTruthy();
    expect(screen.getAllByRole('link').some((link) => link.getAttribute('href') === '/shipments')).toBe(true);
  });

  it('shows a load error with a retry', async () => {
    fetchMock
      .mockResolvedValueOnce(json({ message: 'The service is not available.', error: 'unavailable' }, 400))
      .mockResolvedValueOnce(json({ count: 1, manifests: [manifest(1)] }));
    const user = await setup(false);
    expect(screen.getByRole('alert').textContent).toContain('The service is not available.');

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });

  it('downloads a manifest through the API and shows the server text when it fails', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:manifest');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    fetchMock.mockResolvedValueOnce(json({ count: 1, manifests: [manifest(1)] }));
    const user = await setup(false);

    let answer!: (response: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const download = within(table()).getByRole<HTMLButtonElement>('button', { name: 'Download manifest MF0000000001' });
    await user.click(download);
    await vi.waitFor(() => expect(download.disabled).toBe(true));
    expect(download.getAttribute('aria-busy')).toBe('true');
    expect(String(fetchMock.mock.calls[1]![0])).toBe('/api/v1/manifests/download/MF0000000001');

    await act(async () =>
      answer(new Response(new Blob(['%PDF-1.7']), { headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="manifest_MF0000000001.pdf"' } })),
    );
    await vi.waitFor(() => expect(saved).toEqual(['manifest_MF0000000001.pdf']));

    await vi.waitFor(() => expect(download.disabled).toBe(false));
    fetchMock.mockResolvedValueOnce(json({ message: 'Manifest not found.', error: 'not_found' }, 404));
    await user.click(download);
    // An error toast is an alert.
    expect((await screen.findByRole('alert')).textContent).toContain('Manifest not found.');
  });
  it('offline: the kept list with its time; a PDF downloaded before saves from the device, the others are disabled with the reason (README note 124)', async () => {
    // Cache Storage as kept-files uses it (happy-dom has none).
    const store = new Map<string, Response>();
    const url = (r: RequestInfo | URL) => new URL(String(r instanceof Request ? r.url : r), 'http://localhost').href;
    const cache = {
      put: (r: RequestInfo | URL, response: Response) => Promise.resolve(void store.set(url(r), response)),
      match: (r: RequestInfo | URL) => Promise.resolve(store.get(url(r))?.clone()),
      keys: () => Promise.resolve([...store.keys()].map((k) => new Request(k))),
    };
    vi.stubGlobal('caches', { open: () => Promise.resolve(cache), delete: () => Promise.resolve(true) });
    await keepFile('', `manifest/${manifest(2).id}`, { blob: new Blob(['%PDF-kept'], { type: 'application/pdf' }), filename: `manifest_${manifest(2).id}.pdf` });
    fetchMock.mockResolvedValue(json({ count: 2, manifests: [manifest(2), manifest(1)] }));
    await setup(false);
    expect(screen.queryByText(/This is the list as it was at/)).toBeNull();

    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(await screen.findByText(/You are offline\. This is the list as it was at \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/)).toBeTruthy();
    const keptButton = within(table()).getByRole('button', { name: `Download manifest ${manifest(2).id}` });
    const otherButton = within(table()).getByRole('button', { name: `Download manifest ${manifest(1).id}` });
    await vi.waitFor(() => expect((keptButton as HTMLButtonElement).disabled).toBe(false));
    expect(within(within(table()).getAllByRole('row')[1]!).getByText('On this device')).toBeTruthy();
    expect((otherButton as HTMLButtonElement).disabled).toBe(true);
    expect(otherButton.getAttribute('aria-describedby')).toBe('kept-copy-notice');
    expect(otherButton.getAttribute('title')).toBe('Not downloaded on this device: needs the connection.');
    onLine.mockRestore();
  });
});
