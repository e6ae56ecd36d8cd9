// Imports a partner's pickup-point list into the directory (issue 15): the file is read and each
// row checked against the partner's format, then compared with the partner's points in one
// transaction of set-based statements (a list of 30,000 points is a handful of statements, not
// 30,000 round trips): new ids are added, changed points updated (and re-activated), the
// partner's points missing from the list deactivated (never deleted: shipments name them).
import { desc, eq, sql } from 'drizzle-orm';
import type { PointDirectoryImport, PointDirectoryUpload } from '#shared/contract/admin-pickup-points.ts';
import { IMPORT_MAX_BYTES } from '#shared/domain/limits.ts';
import {
  checkDirectoryRow,
  DIRECTORY_FIELDS,
  isForeignPointId,
  matchColumns,
  normalizePointId,
  pointDirectoryFormat,
  type DirectoryField,
  type DirectoryPoint,
  type PointDirectoryFormat,
} from '#shared/domain/point-directory-formats.ts';
import { adminMessages as am } from '#shared/i18n/admin-messages.ts';
import { messages, type MessageDescriptor } from '#shared/i18n/messages.ts';
import { pgliteClientOf, queryRows, type Db } from '#server/db/client.ts';
import { clients, partners, pickupPoints, pointDirectoryImports } from '#server/db/schema.ts';
import { ApiError } from '#server/http-errors.ts';
import type { Translate } from '#server/i18n.ts';
import type { Principal } from '../auth/public.ts';
import { recordAudit } from '../audit/public.ts';
import { DirectoryFileError, readDirectoryFile, type DirectoryRecord } from './point-directory-file.ts';

/** Refused rows kept with an import (the count covers them all). */
const REJECTED_ROWS_KEPT = 100;
/** Foreign ids named in the refusal. */
const FOREIGN_IDS_NAMED = 5;
const HISTORY_SIZE = 50;

export interface RowError {
  row: number;
  field: string;
  /** A message id. */
  message: string;
}

/** The rows of a file checked: the valid points and the refused rows. */
export interface CheckedRows {
  points: DirectoryPoint[];
  /** The row number of each point. */
  pointRows: number[];
  /** Refused rows, one entry per field (in row order). */
  errors: RowError[];
  rejected: number;
  /** Ids of refused rows that are still the partner's (a bad row does not deactivate its point). */
  keep: string[];
  /** Ids of other partners' points. */
  foreign: string[];
}

const badRequest = (descriptor: MessageDescriptor, t: Translate, field: string, values?: Record<string, unknown>) =>
  new ApiError(400, 'validation_failed', descriptor, { ...(values ? { values } : {}), fields: { [field]: [t(descriptor, values)] } });

/** Checks every row: its fields, its id against the partner's pattern, a duplicate id. */
export function checkRows(format: PointDirectoryFormat, columns: Partial<Record<DirectoryField, string>>, records: readonly DirectoryRecord[]): CheckedRows {
  const result: CheckedRows = { points: [], pointRows: [], errors: [], rejected: 0, keep: [], foreign: [] };
  const seen = new Set<string>();
  for (const { row, cells } of records) {
    if (!cells) {
      result.rejected++;
      result.errors.push({ row, field: 'row', message: am.directoryRowInvalid.id });
      continue;
    }
    const values: Partial<Record<DirectoryField, unknown>> = {};
    for (const field of DIRECTORY_FIELDS) {
      const column = columns[field];
      if (column !== undefined) values[field] = cells[column];
    }
    const id = normalizePointId(values.id);
    if (isForeignPointId(format, id)) {
      result.foreign.push(id);
      continue;
    }
    const checked = checkDirectoryRow(format, values);
    if ('invalid' in checked) {
      result.rejected++;
      for (const field of checked.invalid) result.errors.push({ row, field, message: am.directoryRowInvalid.id });
      if (format.idPattern.test(id)) result.keep.push(id);
      continue;
    }
    if (seen.has(checked.point.id)) {
      result.rejected++;
      result.errors.push({ row, field: 'id', message: am.directoryDuplicateId.id });
      continue;
    }
    seen.add(checked.point.id);
    result.points.push(checked.point);
    result.pointRows.push(row);
  }
  return result;
}

/** Reads and checks a list; refuses the whole file when it cannot be one of this partner's lists. */
function readList(format: PointDirectoryFormat, list: DirectoryList, t: Translate): CheckedRows & { total: number } {
  if (list.bytes.length > IMPORT_MAX_BYTES) throw badRequest(am.directoryTooLarge, t, 'file');
  let file;
  try {
    file = readDirectoryFile(list.format, list.bytes);
  } catch (error) {
    if (error instanceof DirectoryFileError) throw badRequest(am.directoryUnreadable, t, 'file', { format: list.format.toUpperCase() });
    throw error;
  }
  const { columns, missing } = matchColumns(format, file.names);
  if (missing.length > 0) throw badRequest(am.directoryMissingColumns, t, 'file', { columns: missing.join(', ') });
  const checked = checkRows(format, columns, file.records);
  if (checked.foreign.length > 0) {
    const named = [...new Set(checked.foreign)].slice(0, FOREIGN_IDS_NAMED);
    const ids = named.join(', ') + (checked.foreign.length > named.length ? ', …' : '');
    throw badRequest(am.directoryForeignPoints, t, 'file', { ids });
  }
  return { ...checked, total: file.records.length };
}

const csvCell = (value: string) => `"${value.replace(/"/g, '""')}"`;

/** The points as COPY's csv (every text quoted: names hold commas and quotes). */
function copyText(points: readonly DirectoryPoint[]): string {
  let text = '';
  for (const p of points) {
    text += `${csvCell(p.id)},${p.type},${csvCell(p.name)},${csvCell(p.street)},${csvCell(p.city)},${csvCell(p.zip)},${p.latitude},${p.longitude},${csvCell(p.opening_hours)}\n`;
  }
  return text;
}

const count = (rows: Array<{ n: number | string }>) => Number(rows[0]?.n ?? 0);

/** The diff against the partner's points, in the caller's transaction. */
async function applyDiff(tx: Db, format: PointDirectoryFormat, checked: CheckedRows) {
  const partnerId = format.partnerId;
  await tx.execute(sql`create temp table point_directory_incoming (
    id text primary key, type point_type not null, name text not null, street text not null, city text not null,
    zip text not null, latitude float8 not null, longitude float8 not null, opening_hours text not null
  ) on commit drop`);
  const pglite = pgliteClientOf(tx);
  if (pglite) {
    // PGlite (WebAssembly) reads COPY's csv several times faster than a JSON parameter.
    await pglite.query(`copy point_directory_incoming (id, type, name, street, city, zip, latitude, longitude, opening_hours) from '/dev/blob' with (format csv)`, [], {
      blob: new Blob([copyText(checked.points)]),
    });
  } else {
    await tx.execute(sql`insert into point_directory_incoming
      select * from jsonb_to_recordset(${JSON.stringify(checked.points)}::jsonb)
        as r(id text, type point_type, name text, street text, city text, zip text, latitude float8, longitude float8, opening_hours text)`);
  }

  // An id that another partner's point already has is not this partner's to change.
  const taken = await queryRows<{ id: string }>(
    tx,
    sql`delete from point_directory_incoming i using ${pickupPoints} p where p.id = i.id and p.partner_id <> ${partnerId} returning i.id`,
  );

  const changed = count(
    await queryRows<{ n: number }>(
      tx,
      sql`with changed as (
        update ${pickupPoints} p set country = ${format.country}, type = i.type, name = i.name, street = i.street, city = i.city, zip = i.zip,
          latitude = i.latitude, longitude = i.longitude, opening_hours = i.opening_hours, active = true
        from point_directory_incoming i
        where p.id = i.id and p.partner_id = ${partnerId}
          and (p.country, p.type, p.name, p.street, p.city, p.zip, p.latitude, p.longitude, p.opening_hours, p.active)
            is distinct from (${format.country}::char(2), i.type, i.name, i.street, i.city, i.zip, i.latitude, i.longitude, i.opening_hours, true)
        returning 1)
      select count(*) as n from changed`,
    ),
  );

  const added = count(
    await queryRows<{ n: number }>(
      tx,
      sql`with added as (
        insert into ${pickupPoints} (id, partner_id, country, type, name, street, city, zip, latitude, longitude, opening_hours, active)
        select i.id, ${partnerId}, ${format.country}, i.type, i.name, i.street, i.city, i.zip, i.latitude, i.longitude, i.opening_hours, true
        from point_directory_incoming i
        where not exists (select 1 from ${pickupPoints} p where p.id = i.id)
        returning 1)
      select count(*) as n from added`,
    ),
  );

  // A list without one valid point deactivates nothing: it is a broken list, not an empty network.
  const deactivated =
    checked.points.length === 0
      ? 0
      : count(
          await queryRows<{ n: number }>(
            tx,
            sql`with gone as (
              update ${pickupPoints} p set active = false
              where p.partner_id = ${partnerId} and p.active
                and not exists (select 1 from point_directory_incoming i where i.id = p.id)
                and p.id not in (select jsonb_array_elements_text(${JSON.stringify(checked.keep)}::jsonb))
              returning 1)
            select count(*) as n from gone`,
          ),
        );
  await tx.execute(sql`drop table point_directory_incoming`);
  return { added, changed, deactivated, taken: taken.map((r) => r.id) };
}

/** A partner's list as it arrived: uploaded by an admin or fetched from the partner's feed. */
export interface DirectoryList {
  partnerId: number;
  format: PointDirectoryUpload['format'];
  filename: string;
  bytes: Buffer;
  /** The admin who uploaded it; null for the scheduled fetch. */
  actor: Principal | null;
}

/** POST /api/v1/admin/pickup-points/import. */
export async function importPointDirectory(db: Db, principal: Principal, body: PointDirectoryUpload, t: Translate): Promise<PointDirectoryImport> {
  return importDirectoryList(db, { partnerId: body.partner_id, format: body.format, filename: body.filename, bytes: Buffer.from(body.file, 'base64'), actor: principal }, t);
}

/**
 * Imports a partner's list: checks it against the partner's format, applies the diff and keeps
 * the summary. Refusals of the whole list are ApiErrors (the route answers them, the feed job
 * keeps them as the run's outcome).
 */
export async function importDirectoryList(db: Db, list: DirectoryList, t: Translate): Promise<PointDirectoryImport> {
  const [partner] = await db.select({ id: partners.id, name: partners.name }).from(partners).where(eq(partners.id, list.partnerId));
  if (!partner) throw new ApiError(404, 'not_found', am.partnerNotFound);
  const format = pointDirectoryFormat(partner.id);
  if (!format) throw new ApiError(400, 'validation_failed', messages.invalidRequest, { fields: { partner_id: [am.partnerDoesNotServe] } });

  const checked = readList(format, list, t);

  const saved = await db.transaction(async (tx) => {
    // One import of a partner at a time: the second compares with what the first wrote.
    await tx.execute(sql`select 1 from ${partners} where id = ${partner.id} for update`);
    const diff = await applyDiff(tx, format, checked);
    // Rows whose id another partner's point holds are refused too.
    const errors = checked.errors;
    if (diff.taken.length > 0) {
      const taken = new Set(diff.taken);
      checked.points.forEach((point, i) => {
        if (taken.has(point.id)) errors.push({ row: checked.pointRows[i]!, field: 'id', message: am.directoryRowInvalid.id });
      });
      errors.sort((a, b) => a.row - b.row);
    }
    const rejected = checked.rejected + diff.taken.length;
    const valid = checked.points.length - diff.taken.length;
    const summary = {
      total: checked.total,
      added: diff.added,
      changed: diff.changed,
      unchanged: valid - diff.added - diff.changed,
      deactivated: diff.deactivated,
      rejected,
    };
    const [row] = await tx
      .insert(pointDirectoryImports)
      .values({ partnerId: partner.id, actorId: list.actor?.clientId ?? null, filename: list.filename, ...summary, rejectedRows: errors.slice(0, REJECTED_ROWS_KEPT) })
      .returning();
    await recordAudit(tx, {
      actor: list.actor,
      companyId: null,
      entity: 'partner',
      entityId: String(partner.id),
      action: 'update',
      after: { pointDirectoryImport: row!.id, filename: list.filename, ...summary },
    });
    return row!;
  });
  const [actor] = list.actor ? await db.select({ name: clients.name }).from(clients).where(eq(clients.id, list.actor.clientId)) : [];
  return toImport(saved, partner.name, actor?.name ?? null, t);
}

export function toImport(row: typeof pointDirectoryImports.$inferSelect, partnerName: string, actor: string | null, t: Translate): PointDirectoryImport {
  return {
    id: row.id,
    partner_id: row.partnerId,
    partner_name: partnerName,
    filename: row.filename,
    created_at: row.createdAt.toISOString(),
    actor,
    total: row.total,
    added: row.added,
    changed: row.changed,
    unchanged: row.unchanged,
    deactivated: row.deactivated,
    rejected: row.rejected,
    rejected_rows: row.rejectedRows.map((r) => ({ row: r.row, field: r.field, message: t(r.message) })),
  };
}

/** GET /api/v1/admin/pickup-points/imports: the last 50, newest first. */
export async function listPointDirectoryImports(db: Db, t: Translate): Promise<PointDirectoryImport[]> {
  const rows = await db
    .select({ row: pointDirectoryImports, partnerName: partners.name, actor: clients.name })
    .from(pointDirectoryImports)
    .innerJoin(partners, eq(partners.id, pointDirectoryImports.partnerId))
    .leftJoin(clients, eq(clients.id, pointDirectoryImports.actorId))
    .orderBy(desc(pointDirectoryImports.createdAt), desc(pointDirectoryImports.id))
    .limit(HISTORY_SIZE);
  return rows.map((r) => toImport(r.row, r.partnerName, r.actor, t));
}
