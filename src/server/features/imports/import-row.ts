// One row of an import file as the send form's payload: the mapped cells, trimmed, numbers read
// by the forms' rule (decimal-text.ts), checked with the same contract schema as the send form.
// The target (point, product, pickup address, partner) and the rules that need the database come
// afterwards, from the send form's own code (shipment-batch.ts, shipment-target.ts).
import { shipmentCreateSchema, type ShipmentCreateParsed } from '#shared/contract/shipments.ts';
import { parseDecimal } from '#shared/domain/decimal-text.ts';
import { IMPORT_FIELDS, NUMERIC_IMPORT_FIELDS, type ImportField, type ImportMapping } from '#shared/domain/import-columns.ts';

export interface RowError {
  /** The file's column header (or the portal field name when the column is not in the file). */
  column: string;
  /** A message id, translated when the errors are shown. */
  message: string;
}

export type RowResult = { ok: true; input: ShipmentCreateParsed } | { ok: false; errors: RowError[] };

/** Upper-case codes (country, product, goods type) and snake-case delivery methods as the API spells them. */
function normalizeCode(field: ImportField, text: string): string {
  if (field === 'receiver_country' || field === 'product' || field === 'goods_type') return text.toUpperCase();
  if (field === 'delivery_method') return text.toLowerCase().replace(/[\s-]+/g, '_');
  return text;
}

/**
 * A numeric cell as a number, read with a decimal comma or point (README note 96: a file has no
 * language, so "2,500" and "2.500" are refused as ambiguous); text that is not one stays text, for
 * the schema to say why (not a number, or which two numbers it could be).
 */
function numberOrText(text: string): number | string {
  const value = parseDecimal(text);
  return Number.isNaN(value) ? text : value;
}

export function rowToPayload(cells: readonly string[], mapping: ImportMapping): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const field of IMPORT_FIELDS) {
    const index = mapping[field];
    if (index === undefined) continue;
    const text = (cells[index] ?? '').trim();
    if (text === '') continue;
    payload[field] = NUMERIC_IMPORT_FIELDS.has(field) ? numberOrText(text) : normalizeCode(field, text);
  }
  // A file without a delivery method: to the pickup point the row names (its type decides
  // locker or counter, as on the send form), else home.
  payload.delivery_method ??= payload.pickup_point_id === undefined ? 'home_delivery' : 'pickup_point';
  return payload;
}

/** The column a field's errors are reported under. */
export function columnOf(field: string, mapping: ImportMapping, headers: readonly string[]): string {
  const index = mapping[field as ImportField];
  return index === undefined ? field : (headers[index] ?? field);
}

export function readRow(cells: readonly string[], mapping: ImportMapping, headers: readonly string[]): RowResult {
  const parsed = shipmentCreateSchema.safeParse(rowToPayload(cells, mapping));
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: RowError[] = [];
  for (const issue of parsed.error.issues) {
    const column = columnOf(String(issue.path[0] ?? ''), mapping, headers);
    if (!errors.some((e) => e.column === column && e.message === issue.message)) errors.push({ column, message: issue.message });
  }
  return { ok: false, errors };
}
