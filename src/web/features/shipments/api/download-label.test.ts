import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#web/lib/api-error.ts';
import { downloadLabel } from './download-label.ts';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server answers `label` (base64) in the spec's JSON; what the browser saves is recorded. */
function answering(label: string) {
  const fetchMock = vi.fn(async () => json({ shipment: { label } }));
  vi.stubGlobal('fetch', fetchMock);
  let blob: Blob | undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    blob = b as Blob;
    return 'blob:label';
  });
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return { fetchMock, saved, blob: () => blob };
}

describe('downloadLabel', () => {
  it('saves the base64 PDF of the JSON answer as label_{item_number}.pdf', async () => {
    const { fetchMock, saved, blob } = answering(btoa('%PDF-1.7'));

    await downloadLabel('PP0000000101', 'pdf-a6');
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/v1/shipments/getLabel/PP0000000101?format=pdf-a6');
    expect(saved).toEqual(['label_PP0000000101.pdf']);
    expect(blob()!.type).toBe('application/pdf');
    expect(await blob()!.text()).toBe('%PDF-1.7');
  });

  it('saves ZPL as label_{item_number}.zpl for a Zebra printer', async () => {
    const { fetchMock, saved, blob } = answering(btoa('^XA^XZ'));

    await downloadLabel('PP0000000101', 'zpl-300');
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/v1/shipments/getLabel/PP0000000101?format=zpl-300');
    expect(saved).toEqual(['label_PP0000000101.zpl']);
    expect(blob()!.type).toBe('text/plain');
    expect(await blob()!.text()).toBe('^XA^XZ');
  });

  it('fails with the server text for a deleted shipment', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ message: 'A deleted shipment has no label.', error: 'invalid_request' }, 400)),
    );
    const error = await downloadLabel('PP0000000102', 'pdf-a6').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body?.message).toBe('A deleted shipment has no label.');
  });
});
