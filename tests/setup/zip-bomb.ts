// A zip bomb shaped like the review's (issue 30): a real workbook (one sheet, a header and a row)
// and beside it many entries of zeros, each ~10 MB unpacked and ~10 KB packed. Zeros are deflated
// once with fflate and the same packed bytes written under every name (zipSync would deflate
// every copy again: ~5 s for 290 MB).
import { crc32 } from 'node:zlib';
import { deflateSync, unzipSync } from 'fflate';
import ExcelJS from 'exceljs';

interface Entry {
  name: string;
  method: 0 | 8;
  packed: Uint8Array;
  size: number;
  crc: number;
}

/** A zip of `entries` (no zip64, no data descriptors): the local headers and data, the directory, its end. */
function writeZip(entries: Entry[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const directory: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = new TextEncoder().encode(entry.name);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(8, entry.method, true);
    local.setUint32(14, entry.crc, true);
    local.setUint32(18, entry.packed.length, true);
    local.setUint32(22, entry.size, true);
    local.setUint16(26, name.length, true);
    const central = new DataView(new ArrayBuffer(46));
    central.setUint32(0, 0x02014b50, true);
    central.setUint16(4, 20, true);
    central.setUint16(6, 20, true);
    central.setUint16(10, entry.method, true);
    central.setUint32(16, entry.crc, true);
    central.setUint32(20, entry.packed.length, true);
    central.setUint32(24, entry.size, true);
    central.setUint16(28, name.length, true);
    central.setUint32(42, offset, true);
    parts.push(new Uint8Array(local.buffer), name, entry.packed);
    directory.push(new Uint8Array(central.buffer), name);
    offset += 30 + name.length + entry.packed.length;
  }
  const directorySize = directory.reduce((sum, part) => sum + part.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, directorySize, true);
  end.setUint32(16, offset, true);
  const all = [...parts, ...directory, new Uint8Array(end.buffer)];
  const out = new Uint8Array(all.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of all) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A readable workbook plus `count` entries of `size` zero bytes each (defaults: the review's 29 of ~10 MB). */
export async function zipBombXlsx(headers: string[], row: string[], { count = 29, size = 10_000_000 } = {}): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Shipments');
  sheet.addRow(headers);
  sheet.addRow(row);
  const parts = unzipSync(new Uint8Array(await workbook.xlsx.writeBuffer()));
  const entries: Entry[] = Object.entries(parts).map(([name, data]) => ({ name, method: 8, packed: deflateSync(data), size: data.length, crc: crc32(data) >>> 0 }));
  const zeros = new Uint8Array(size);
  const packed = deflateSync(zeros, { level: 9 });
  const crc = crc32(zeros) >>> 0;
  for (let i = 0; i < count; i++) entries.push({ name: `xl/media/image${i + 1}.png`, method: 8, packed, size, crc });
  return writeZip(entries);
}
