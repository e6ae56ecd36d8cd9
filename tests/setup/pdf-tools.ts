// Real tools read the PDFs the portal writes, as a printer, a reader and a depot scanner would:
// qpdf checks the structure, poppler counts pages, sizes and text, and zbar decodes the barcodes
// of a page rendered at 300 dpi. Debian packages qpdf, poppler-utils and zbar-tools (.ci/run).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

function withFile<T>(bytes: Uint8Array, use: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, bytes);
    return use(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Throws unless `qpdf --check` finds the file sound. */
export function qpdfCheck(bytes: Uint8Array): void {
  withFile(bytes, (file) => execFileSync('qpdf', ['--check', file], { stdio: 'pipe' }));
}

export interface PdfInfo {
  pages: number;
  /** Width and height of the first page in points. */
  pageSize: { width: number; height: number };
}

export function pdfInfo(bytes: Uint8Array): PdfInfo {
  const out = withFile(bytes, (file) => execFileSync('pdfinfo', [file], { encoding: 'utf8' }));
  const pages = Number(/^Pages:\s+(\d+)/m.exec(out)?.[1]);
  const size = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(out);
  return { pages, pageSize: { width: Number(size?.[1]), height: Number(size?.[2]) } };
}

/** The text of the PDF (or of one page), in reading order. */
export function pdfText(bytes: Uint8Array, page?: number): string {
  const range = page ? ['-f', String(page), '-l', String(page)] : [];
  return withFile(bytes, (file) => execFileSync('pdftotext', [...range, '-layout', file, '-'], { encoding: 'utf8' }));
}

/** Every barcode zbar finds in an image file, as `TYPE:data`. */
function zbar(image: string): string[] {
  const result = spawnSync('zbarimg', ['-q', image], { encoding: 'utf8' });
  return result.stdout
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Every barcode zbar finds on a page rendered at 300 dpi, as `TYPE:data`. */
export function decodeBarcodes(bytes: Uint8Array, page = 1): string[] {
  return withFile(bytes, (file, dir) => {
    execFileSync('pdftoppm', ['-r', '300', '-gray', '-png', '-f', String(page), '-l', String(page), file, path.join(dir, 'page')]);
    const image = readdirSync(dir).find((f) => f.startsWith('page') && f.endsWith('.png'));
    if (!image) throw new Error('pdftoppm rendered no page');
    return zbar(path.join(dir, image));
  });
}

/** Every barcode zbar finds in a PNG image (a printer language rendered elsewhere), as `TYPE:data`. */
export function decodeImage(png: Uint8Array): string[] {
  return withFile(png, (file) => zbar(file));
}
