// Zip bombs: an archive (an XLSX) that would expand too far is refused before anything unpacks it.
// The review's (issue 30): 300 KB holding 29 entries of ~10 MB of zeros, each under the limit per
// entry, inflated whole here (5.1 s) and again by exceljs: six of them kept the import reader busy
// for everyone for ~20 s. Now the whole file's unpacked bytes are capped by its declared sizes,
// before anything is inflated, and an entry that outgrows its declared size is stopped there.
import { Inflate } from 'fflate';
import { documentActionMessages } from '#shared/i18n/document-action-messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import { fail } from './import-sheet.ts';

const MB = 1024 * 1024;
const ZIP_MAX_ENTRIES = 10_000;
/** What one file may unpack to at most (a 100,000-row sheet of every import column is ~100 MB). */
export const ZIP_MAX_TOTAL = 300 * MB;
/** What one file may unpack to relative to its own size (real workbooks: 10–13 times, identical rows included). */
export const ZIP_MAX_RATIO = 100;
/** Up to this many unpacked bytes, any ratio: a small file may compress well. */
const ZIP_RATIO_FROM = 10 * MB;
/** Inflating 16 KB at a time keeps a bomb's output per step under ~17 MB. */
const INFLATE_STEP = 16 * 1024;

interface ZipEntry {
  method: number;
  data: Uint8Array;
  originalSize: number;
}

/** The most `bytes` of archive may unpack to: ZIP_MAX_RATIO times its size, at least ZIP_RATIO_FROM, at most ZIP_MAX_TOTAL. */
export function unpackLimit(bytes: number): number {
  return Math.min(ZIP_MAX_TOTAL, Math.max(ZIP_RATIO_FROM, bytes * ZIP_MAX_RATIO));
}

/**
 * Refuses a zip that would expand too far, before exceljs unpacks it. The sizes an archive
 * declares are only claims (JSZip inside exceljs trusts them until it has inflated everything):
 * their sum must stay within the file's limit (unpackLimit), and each entry is inflated once here,
 * counting, and stopped as soon as it outgrows its claim, so that no more than the limit is
 * ever inflated (here, and by exceljs after).
 */
export function checkZipExpansion(bytes: Uint8Array) {
  const entries = zipEntries(bytes);
  const limit = unpackLimit(bytes.length);
  let declared = 0;
  for (const { originalSize } of entries) {
    declared += originalSize;
    if (declared > limit) fail(serverMessages.importUnpacksTooLarge.id);
  }
  for (const entry of entries) {
    if (entry.method === 0) continue; // stored: never larger than the file
    if (entry.method !== 8) fail(documentActionMessages.importUnreadable.id);
    // Each entry within its claim keeps the whole within the limit the claims were checked against.
    let produced = 0;
    const inflate = new Inflate((chunk) => {
      produced += chunk.length;
      if (produced > entry.originalSize) fail(serverMessages.importZipBomb.id);
    });
    for (let at = 0; at < entry.data.length; at += INFLATE_STEP) inflate.push(entry.data.subarray(at, at + INFLATE_STEP), at + INFLATE_STEP >= entry.data.length);
  }
}

const MAX32 = 0xffffffff;

/** The central directory's entries (zip64 included), each with its data located as JSZip locates it. */
function zipEntries(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const u64 = (at: number) => Number(view.getBigUint64(at, true));
  let end = bytes.length - 22;
  const floor = Math.max(0, end - 0xffff);
  while (end >= floor && u32(end) !== 0x06054b50) end--;
  if (end < floor) fail(documentActionMessages.importUnreadable.id);
  let count = u16(end + 10);
  let offset = u32(end + 16);
  if (end >= 20 && u32(end - 20) === 0x07064b50 && u32(u64(end - 12)) === 0x06064b50) {
    const zip64End = u64(end - 12);
    count = u64(zip64End + 32);
    offset = u64(zip64End + 48);
  }
  if (count > ZIP_MAX_ENTRIES) fail(serverMessages.importZipBomb.id);

  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (u32(offset) !== 0x02014b50) fail(documentActionMessages.importUnreadable.id);
    let size = u32(offset + 20);
    let originalSize = u32(offset + 24);
    let local = u32(offset + 42);
    const nameLength = u16(offset + 28);
    const extraLength = u16(offset + 30);
    // The zip64 extra field holds, in this order, each value whose 32-bit field is all ones.
    for (let at = offset + 46 + nameLength; at + 4 <= offset + 46 + nameLength + extraLength; at += 4 + u16(at + 2)) {
      if (u16(at) !== 0x0001) continue;
      let value = at + 4;
      if (originalSize === MAX32) {
        originalSize = u64(value);
        value += 8;
      }
      if (size === MAX32) {
        size = u64(value);
        value += 8;
      }
      if (local === MAX32) local = u64(value);
    }
    if (u32(local) !== 0x04034b50) fail(documentActionMessages.importUnreadable.id);
    const start = local + 30 + u16(local + 26) + u16(local + 28);
    if (start + size > bytes.length) fail(documentActionMessages.importUnreadable.id);
    entries.push({ method: u16(offset + 10), data: bytes.subarray(start, start + size), originalSize });
    offset += 46 + nameLength + extraLength + u16(offset + 32);
  }
  return entries;
}
