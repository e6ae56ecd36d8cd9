// The pickup-point directory kept current from the partners' own lists (issue 15): an admin
// uploads a partner's list (CSV or JSON in the documented per-partner format,
// src/shared/domain/point-directory-formats.ts); the server compares it with the partner's
// points: new ones are added, changed ones updated, missing ones deactivated (never deleted:
// shipments name them). Every import keeps its summary.
import * as z from 'zod/mini';
import { IMPORT_MAX_BYTES } from '../domain/limits.ts';
import { adminMessages as am } from '../i18n/admin-messages.ts';
import { messages } from '../i18n/messages.ts';
import { endpoint } from './endpoint.ts';
import { serialId } from './fields.ts';

export const POINT_DIRECTORY_FORMATS = ['csv', 'json'] as const;

export const pointDirectoryUploadSchema = z.object({
  partner_id: serialId(am.partnerNotFound.id),
  format: z.enum(POINT_DIRECTORY_FORMATS, { error: am.directoryFormatInvalid.id }),
  filename: z.string({ error: messages.required.id }).check(z.trim(), z.minLength(1, messages.required.id), z.maxLength(255, messages.tooLong.id)),
  /** The file, base64 (as imports send it). */
  file: z.string({ error: messages.required.id }).check(z.minLength(1, messages.required.id), z.maxLength(Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 4, am.directoryTooLarge.id)),
});
export type PointDirectoryUpload = z.infer<typeof pointDirectoryUploadSchema>;

/** A row the import refused: its row number in the file (1 = the first data row), the field and why. */
export const directoryRowErrorSchema = z.object({ row: z.number(), field: z.string(), message: z.string() });

/** What an import did. `rejected_rows` holds the first 100 refused rows, translated. */
export const pointDirectoryImportSchema = z.object({
  id: z.string(),
  partner_id: z.number(),
  partner_name: z.string(),
  filename: z.string(),
  created_at: z.string(),
  actor: z.nullable(z.string()),
  total: z.number(),
  added: z.number(),
  changed: z.number(),
  unchanged: z.number(),
  deactivated: z.number(),
  rejected: z.number(),
  rejected_rows: z.array(directoryRowErrorSchema),
});
export type PointDirectoryImport = z.infer<typeof pointDirectoryImportSchema>;

export const pointDirectoryImportEndpoint = endpoint({
  method: 'POST',
  path: '/api/v1/admin/pickup-points/import',
  access: 'admin',
  companyData: 'none',
  body: pointDirectoryUploadSchema,
  answer: pointDirectoryImportSchema,
  status: 201,
});
/** The last 50 directory imports, newest first. */
export const pointDirectoryImportsEndpoint = endpoint({
  method: 'GET',
  path: '/api/v1/admin/pickup-points/imports',
  access: 'admin',
  companyData: 'none',
  answer: z.array(pointDirectoryImportSchema),
});
