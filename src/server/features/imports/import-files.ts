// The uploaded files, kept in the database so that every server instance's job can read them, in
// parts of 1 MiB (the embedded database's WebAssembly memory grows to its largest value times a
// few, and never gives it back). On PGlite a bytea parameter or result goes through JavaScript hex
// text (a 12 MB file took ~7 s to store and ~2 s to read); COPY in PostgreSQL's binary format
// hands the bytes over as they are (~0.2 s and ~25 ms). PostgreSQL (node-postgres) takes and gives
// Buffers directly.
import { asc, eq } from 'drizzle-orm';
import { pgliteClientOf, type Db } from '#server/db/client.ts';
import { importFiles } from '#server/db/schema.ts';

export const IMPORT_FILE_PART_BYTES = 1024 * 1024;

/** PGCOPY signature, flags and header extension length (PostgreSQL's COPY binary format). */
const COPY_HEADER = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
const COPY_TRAILER = Buffer.from([0xff, 0xff]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** COPY takes no parameters: the id is written into the statement, so it must be a uuid. */
function checkedId(id: string): string {
  if (!UUID.test(id)) throw new Error(`not an import id: ${id}`);
  return id;
}

function parts(content: Uint8Array<ArrayBuffer>): Array<Uint8Array<ArrayBuffer>> {
  const result: Array<Uint8Array<ArrayBuffer>> = [];
  for (let at = 0; at < content.byteLength || at === 0; at += IMPORT_FILE_PART_BYTES) result.push(content.subarray(at, at + IMPORT_FILE_PART_BYTES));
  return result;
}

/** Stores an import's upload; run inside the transaction that creates the import record. */
export async function storeImportFile(db: Db, importId: string, content: Uint8Array<ArrayBuffer>): Promise<void> {
  const pglite = pgliteClientOf(db);
  if (!pglite) {
    await db.insert(importFiles).values(parts(content).map((part, index) => ({ importId, part: index, content: Buffer.from(part.buffer, part.byteOffset, part.byteLength) })));
    return;
  }
  const id = Buffer.from(checkedId(importId).replaceAll('-', ''), 'hex');
  const pieces: BlobPart[] = [COPY_HEADER];
  parts(content).forEach((part, index) => {
    // A tuple: field count 3, the uuid (16 bytes), the part number (int2), the bytea (its length, then the bytes).
    const tuple = Buffer.alloc(2 + 4 + 16 + 4 + 2 + 4);
    tuple.writeInt16BE(3, 0);
    tuple.writeInt32BE(16, 2);
    id.copy(tuple, 6);
    tuple.writeInt32BE(2, 22);
    tuple.writeInt16BE(index, 26);
    tuple.writeInt32BE(part.byteLength, 28);
    pieces.push(tuple, part);
  });
  pieces.push(COPY_TRAILER);
  await pglite.query(`copy import_files (import_id, part, content) from '/dev/blob' with (format binary)`, [], { blob: new Blob(pieces) });
}

/** An import's upload, or null when it has none. */
export async function loadImportFile(db: Db, importId: string): Promise<Uint8Array | null> {
  const pglite = pgliteClientOf(db);
  if (!pglite) {
    const rows = await db.select({ content: importFiles.content }).from(importFiles).where(eq(importFiles.importId, importId)).orderBy(asc(importFiles.part));
    return rows.length > 0 ? new Uint8Array(Buffer.concat(rows.map((row) => row.content))) : null;
  }
  const result = await pglite.query(`copy (select content from import_files where import_id = '${checkedId(importId)}' order by part) to '/dev/blob' with (format binary)`);
  if (!result.blob) return null;
  const bytes = new Uint8Array(await result.blob.arrayBuffer());
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Header (19 bytes), then tuples (field count 1, length, bytes) until the trailer (-1).
  const found: Uint8Array[] = [];
  for (let offset = COPY_HEADER.length; view.getInt16(offset) === 1; ) {
    const length = view.getInt32(offset + 2);
    found.push(bytes.subarray(offset + 6, offset + 6 + length));
    offset += 6 + length;
  }
  if (found.length === 0) return null;
  return found.length === 1 ? found[0]! : new Uint8Array(Buffer.concat(found));
}
