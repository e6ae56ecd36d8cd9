import { afterEach, describe, expect, it, vi } from 'vitest';
import { blobFromBase64, filenameFromContentDisposition, saveBlob, saveResponse } from './download-file.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('filenameFromContentDisposition', () => {
  it('prefers the UTF-8 name over the ASCII fallback (the server sends both)', () => {
    expect(filenameFromContentDisposition(`attachment; filename="zasielky-vysledok.csv"; filename*=UTF-8''z%C3%A1sielky-v%C3%BDsledok.csv`)).toBe('zásielky-výsledok.csv');
    expect(filenameFromContentDisposition(`attachment; filename*=utf-8'sk'Pr%C3%ADjemcovia%20m%C3%A1j.xlsx; filename="Prijemcovia maj.xlsx"`)).toBe('Príjemcovia máj.xlsx');
  });

  it('reads a quoted name with escapes, a bare token and an ISO-8859-1 extended name', () => {
    expect(filenameFromContentDisposition('attachment; filename="say \\"hi\\".csv"')).toBe('say "hi".csv');
    expect(filenameFromContentDisposition('attachment; filename=result.xlsx')).toBe('result.xlsx');
    expect(filenameFromContentDisposition(`attachment; filename*=ISO-8859-1''Gr%FC%DFe.csv`)).toBe('Grüße.csv');
  });

  it('falls back to the plain name when the extended one is malformed, and drops folders', () => {
    expect(filenameFromContentDisposition(`attachment; filename*=UTF-8''bad%E0%A4%A.csv; filename="ok.csv"`)).toBe('ok.csv');
    expect(filenameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
  });

  it('answers null without a name', () => {
    expect(filenameFromContentDisposition(null)).toBeNull();
    expect(filenameFromContentDisposition('attachment')).toBeNull();
    expect(filenameFromContentDisposition('attachment; filename=""')).toBeNull();
  });
});

describe('saveBlob and saveResponse', () => {
  function spyDownload() {
    vi.useFakeTimers();
    const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:result');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    return { create, revoke, clicked };
  }

  it('clicks a temporary download link and revokes its URL later', () => {
    const { create, revoke, clicked } = spyDownload();
    const blob = new Blob(['a;b\n']);
    saveBlob(blob, 'result.csv');
    expect(create).toHaveBeenCalledWith(blob);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('result.csv');
    expect(clicked[0]!.getAttribute('href')).toBe('blob:result');
    // The temporary link has left the page.
    expect(clicked[0]!.isConnected).toBe(false);
    expect(revoke).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:result');
  });

  it('names the file from the response, else from the fallback', async () => {
    const { clicked } = spyDownload();
    await saveResponse(new Response('x', { headers: { 'content-disposition': `attachment; filename*=UTF-8''v%C3%BDsledok.csv` } }), 'import.csv');
    await saveResponse(new Response('x'), 'import.csv');
    expect(clicked.map((a) => a.download)).toEqual(['výsledok.csv', 'import.csv']);
  });
});

describe('blobFromBase64', () => {
  it('turns a base64 file of a JSON answer back into its bytes', async () => {
    const blob = blobFromBase64(btoa('%PDF-1.7\n\u00e2\u00e3'), 'application/pdf');
    expect(blob.type).toBe('application/pdf');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([...'%PDF-1.7\n'].map((c) => c.charCodeAt(0)).concat([0xe2, 0xe3]));
  });
});
