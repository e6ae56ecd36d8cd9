import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '#web/components/ui/toast-store.ts';
import { preloadToastView, Toaster } from '#web/components/ui/toaster.tsx';
import { render } from '#tests/setup/web/render.tsx';
import { shipmentKeys } from '../api/shipment-keys.ts';
import { ShipmentBulkActions } from './shipment-bulk-actions.tsx';
import { LABEL_PRINTER_KEY } from '../label-printer.ts';
import { pickupAddressesQueryOptions } from '../api/get-pickup-addresses.ts';
import type { PickupAddress } from '#shared/contract/pickup-addresses.ts';
import type { LabelPrinter } from '#shared/domain/label-formats.ts';
import { profileQueryOptions } from '#web/lib/profile.ts';
import { pickupAddress, profile } from '#tests/setup/web/account-fixtures.ts';
import { LABEL_START_KEY } from './use-label-start.ts';

// The toast's view loads with the first toast (React.lazy); the app has it from then on.
beforeAll(() => preloadToastView());

const ITEMS = ['PP0000000101', 'PP0000000102'];
const pdf = (filename: string, type = 'application/pdf') =>
  new Response(new Blob(['%PDF-1.7']), { headers: { 'content-type': type, 'content-disposition': `attachment; filename="${filename}"` } });
const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>>;
let saved: string[];

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  saved = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

afterEach(() => {
  act(() => dismissToast());
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The printer profiles the shell has read (routes/_app.tsx): the addresses' printers and the company's. */
interface Profiles {
  addresses?: PickupAddress[];
  company?: LabelPrinter | null;
}

function setup(items = ITEMS, { pickupAddressIds = [], profiles = { addresses: [], company: null } }: { pickupAddressIds?: (string | null)[]; profiles?: Profiles } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (profiles.addresses) client.setQueryData(pickupAddressesQueryOptions().queryKey, profiles.addresses);
  if (profiles.company !== undefined) client.setQueryData(profileQueryOptions().queryKey, profile({ label_printer: profiles.company }));
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const onManifestCreated = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ShipmentBulkActions items={items} pickupAddressIds={pickupAddressIds} onManifestCreated={onManifestCreated} />
      <Toaster />
    </QueryClientProvider>,
  );
  const button = (name: string | RegExp) => screen.getByRole<HTMLButtonElement>('button', { name });
  return { user: userEvent.setup(), button, onManifestCreated, invalidate };
}

const sentBody = (call: number) => JSON.parse(String(fetchMock.mock.calls[call]![1]!.body)) as unknown;
/** What the live regions say (the toast, a status or an alert). */
const toast = () => [...screen.queryAllByRole('status'), ...screen.queryAllByRole('alert')].map((region) => region.textContent).join(' ');
const until = (check: () => void) => vi.waitFor(check);

describe('ShipmentBulkActions: labels', () => {
  it('is disabled without a selection', () => {
    const { button } = setup([]);
    expect(button('Download labels').disabled).toBe(true);
    expect(button('Create manifest').disabled).toBe(true);
  });

  it('asks for one A4 PDF from the remembered quarter, shows its progress and saves labels.pdf', async () => {
    localStorage.setItem(LABEL_START_KEY, '3');
    const { user, button } = setup();
    let answer!: (response: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));

    await user.click(button('Download labels (2)'));
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/shipments/labels');
    expect(sentBody(0)).toEqual({ format: 'pdf-a4', item_numbers: ITEMS, start: 3 });
    await until(() => expect(button('Preparing labels…').disabled).toBe(true));
    const busy = button('Preparing labels…');
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toContain('Preparing the file of 2 labels…');
    expect(screen.getByRole('progressbar', { name: 'Preparing labels…' })).toBeTruthy();

    await act(async () => answer(pdf('labels.pdf')));
    await until(() => expect(saved).toEqual(['labels.pdf']));
    await until(() => expect(toast()).toContain('Labels downloaded.'));
    await until(() => expect(button('Download labels (2)').disabled).toBe(false));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows the server text when the batch is refused (no PDF)', async () => {
    const { user, button } = setup();
    fetchMock.mockResolvedValueOnce(
      json({ message: 'These shipments have no label to print: PP0000000102', error: 'invalid_request', errors: { item_numbers: ['PP0000000102'] } }, 400),
    );
    await user.click(button('Download labels (2)'));
    // An error toast is an alert.
    await until(() => expect(screen.getByRole('alert').textContent).toContain('These shipments have no label to print: PP0000000102'));
    expect(saved).toEqual([]);
  });
});

describe('ShipmentBulkActions: labels not yet printed (issue 33)', () => {
  it('asks for the waiting shipments never printed, with no selection needed, and reads the list again', async () => {
    const { user, button, invalidate } = setup([]);
    fetchMock.mockResolvedValueOnce(pdf('labels.pdf'));
    expect(button('Print not yet printed').disabled).toBe(false);
    await user.click(button('Print not yet printed'));
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/shipments/labels');
    expect(sentBody(0)).toEqual({ format: 'pdf-a4', not_printed: true, start: 1 });
    await until(() => expect(saved).toEqual(['labels.pdf']));
    await until(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: shipmentKeys.all }));
  });

  it('says so when every label has been printed', async () => {
    const { user, button } = setup([]);
    fetchMock.mockResolvedValueOnce(json({ message: 'Every waiting shipment’s label has been printed.', error: 'invalid_request' }, 400));
    await user.click(button('Print not yet printed'));
    // News, not a failure: an information toast (a status), not an error (an alert).
    await until(() => expect(screen.getByRole('status').textContent).toContain('Every waiting shipment’s label has been printed.'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(saved).toEqual([]);
  });
});

describe('ShipmentBulkActions: label printer (issue 33)', () => {
  it('prints ZPL for a Zebra printer chosen here, saves labels.zpl, hides the sheet position and remembers the printer', async () => {
    const { user, button } = setup();
    expect(screen.getByRole('combobox', { name: 'Label printer' })).toHaveProperty('value', 'profile');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Label printer' }), 'Zebra 203 dpi (ZPL)');
    expect(screen.queryByRole('button', { name: /First label on the sheet/ })).toBeNull();
    expect(localStorage.getItem(LABEL_PRINTER_KEY)).toBe('zpl-203');
    // This browser has no WebUSB: it says the file is saved instead of offering a USB printer.
    expect(screen.getByText('Printing straight to a USB printer needs Chrome or Edge: here the .zpl file is saved.')).toBeTruthy();
    fetchMock.mockResolvedValueOnce(new Response('^XA^XZ', { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8', 'content-disposition': 'attachment; filename="labels.zpl"' } }));
    await user.click(button('Download labels (2)'));
    expect(sentBody(0)).toEqual({ format: 'zpl-203', item_numbers: ITEMS, start: 1 });
    await until(() => expect(saved).toEqual(['labels.zpl']));
  });

  it('prints 100×150 mm pages for a PDF label printer, also the labels not yet printed', async () => {
    localStorage.setItem(LABEL_PRINTER_KEY, 'pdf-100x150');
    const { user, button } = setup([]);
    fetchMock.mockResolvedValueOnce(pdf('labels.pdf'));
    await user.click(button('Print not yet printed'));
    expect(sentBody(0)).toEqual({ format: 'pdf-100x150', not_printed: true, start: 1 });
  });
});

describe('ShipmentBulkActions: printer profiles (issue 33)', () => {
  const ZEBRA = 'a1000000-0000-4000-8000-000000000001';
  const OFFICE = 'a1000000-0000-4000-8000-000000000002';
  const addresses = [pickupAddress(ZEBRA, { labelPrinter: 'zpl-300' }), pickupAddress(OFFICE)];
  const zpl = () => new Response('^XA^XZ', { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8', 'content-disposition': 'attachment; filename="labels.zpl"' } });

  it('follows the profiles by default: the printer of the selection’s pickup address, named in the choice', async () => {
    const { user, button } = setup(ITEMS, { pickupAddressIds: [ZEBRA, ZEBRA], profiles: { addresses, company: null } });
    const picker = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Label printer' });
    expect(picker.value).toBe('profile');
    expect(picker.selectedOptions[0]!.textContent).toBe('Automatic: Zebra 300 dpi (ZPL)');
    fetchMock.mockResolvedValueOnce(zpl());
    await user.click(button('Download labels (2)'));
    expect(sentBody(0)).toEqual({ format: 'zpl-300', item_numbers: ITEMS, start: 1 });
    expect(localStorage.getItem(LABEL_PRINTER_KEY)).toBeNull();
  });

  it('prints a selection from addresses that differ, and the waiting labels, on the company’s printer', async () => {
    const { user, button } = setup(ITEMS, { pickupAddressIds: [ZEBRA, OFFICE], profiles: { addresses, company: 'pdf-100x150' } });
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Label printer' }).selectedOptions[0]!.textContent).toBe('Automatic: 100×150 labels (PDF)');
    fetchMock.mockResolvedValueOnce(pdf('labels.pdf')).mockResolvedValueOnce(pdf('labels.pdf'));
    await user.click(button('Download labels (2)'));
    await until(() => expect(saved).toEqual(['labels.pdf']));
    await user.click(button('Print not yet printed'));
    expect(sentBody(0)).toMatchObject({ format: 'pdf-100x150' });
    expect(sentBody(1)).toEqual({ format: 'pdf-100x150', not_printed: true, start: 1 });
  });

  it('prints on the office printer while no profile says otherwise, and on the device’s printer when one is chosen', async () => {
    const { user, button } = setup(ITEMS, { pickupAddressIds: [OFFICE, OFFICE], profiles: { addresses, company: null } });
    fetchMock.mockResolvedValueOnce(pdf('labels.pdf'));
    await user.click(button('Download labels (2)'));
    expect(sentBody(0)).toMatchObject({ format: 'pdf-a4' });
    await until(() => expect(saved).toEqual(['labels.pdf']));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Label printer' }), 'Zebra 203 dpi (ZPL)');
    fetchMock.mockResolvedValueOnce(zpl());
    await user.click(button('Download labels (2)'));
    expect(sentBody(1)).toMatchObject({ format: 'zpl-203' });
  });
});

describe('ShipmentBulkActions: start position', () => {
  it('starts at 1 and remembers a quarter picked on the sheet', async () => {
    const { user, button } = setup();
    expect(button('First label on the sheet: 1, top left').textContent).toBe('1');

    // The sheet's quarters (in a popover, which happy-dom does not open: read as they stand).
    const sheet = screen.getByRole('group', { name: 'Start printing at', hidden: true });
    await user.click(within(sheet).getByRole('radio', { name: '2, top right', hidden: true }));
    expect(localStorage.getItem(LABEL_START_KEY)).toBe('2');
    expect(button('First label on the sheet: 2, top right').textContent).toBe('2');
    // The quarter before it is marked as used.
    const quarters = within(sheet)
      .getAllByRole('radio', { hidden: true })
      .map((radio) => radio.closest('label')?.textContent);
    expect(quarters).toEqual(['1used', '2', '3', '4']);
  });

  it('ignores a stored value outside 1-4', () => {
    localStorage.setItem(LABEL_START_KEY, '7');
    const { button } = setup();
    expect(button('First label on the sheet: 1, top left').textContent).toBe('1');
  });
});

describe('ShipmentBulkActions: manifest', () => {
  it('creates the manifest after a confirmation, saves the file and refreshes the shipments', async () => {
    const { user, button, onManifestCreated, invalidate } = setup();
    await user.click(button('Create manifest (2)'));
    const dialog = screen.getByRole<HTMLDialogElement>('dialog', { name: 'Create a manifest for 2 shipments?' });
    expect(dialog.open).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(pdf('manifests.zip', 'application/zip'));
    await user.click(within(dialog).getByRole('button', { name: 'Create manifest' }));
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/manifests/generate');
    expect(sentBody(0)).toEqual({ item_numbers: ITEMS });

    await until(() => expect(toast()).toContain('Manifest downloaded.'));
    expect(saved).toEqual(['manifests.zip']);
    expect(onManifestCreated).toHaveBeenCalledOnce();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: shipmentKeys.all });
    await until(() => expect(dialog.open).toBe(false));
  });

  it('shows the server text when a shipment is not CREATED and keeps the selection', async () => {
    const { user, button, onManifestCreated } = setup();
    await user.click(button('Create manifest (2)'));
    fetchMock.mockResolvedValueOnce(json({ message: 'Only shipments in status CREATED can go on a manifest: PP0000000101', error: 'invalid_request' }, 400));
    const dialog = screen.getByRole<HTMLDialogElement>('dialog', { name: /^Create a manifest/ });
    await user.click(within(dialog).getByRole('button', { name: 'Create manifest' }));

    await until(() => expect(toast()).toContain('Only shipments in status CREATED can go on a manifest: PP0000000101'));
    expect(onManifestCreated).not.toHaveBeenCalled();
    expect(saved).toEqual([]);
    await until(() => expect(dialog.open).toBe(false));
  });
});
