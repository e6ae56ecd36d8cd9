import * as z from 'zod/mini';
import { IMPORT_FIELDS } from '../domain/import-columns.ts';
import { IMPORT_MAX_BYTES } from '../domain/limits.ts';
import { messages } from '../i18n/messages.ts';
import { documentActionMessages } from '../i18n/document-action-messages.ts';
import { endpoint } from './endpoint.ts';
import { uuidParams } from './params.ts';

export const IMPORT_TYPES = ['csv', 'xlsx'] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];
export const IMPORT_STATUSES = ['PROCESSING', 'COMPLETED', 'FAILED'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** A base64 text of at most IMPORT_MAX_BYTES bytes once decoded. */
const base64File = z
  .string({ error: documentActionMessages.importFileRequired.id })
  .check(
    z.minLength(1, documentActionMessages.importFileRequired.id),
    z.maxLength(Math.ceil(IMPORT_MAX_BYTES / 3) * 4 + 4, documentActionMessages.importTooLarge.id),
    z.regex(/^[A-Za-z0-9+/]*={0,2}$/, documentActionMessages.importUnreadable.id),
  );

/** Column index per portal field, chosen by the user in the mapping step. */
export const importMappingSchema = z.partialRecord(z.enum(IMPORT_FIELDS), z.int().check(z.gte(0), z.lte(500)));

/** POST /api/v1/shipments/import (spec section 7): type from the extension, the file as base64. */
export const importUploadSchema = z.object({
  type: z.enum(IMPORT_TYPES, { error: documentActionMessages.importTypeInvalid.id }),
  filename: z.string({ error: documentActionMessages.importFileRequired.id }).check(z.trim(), z.minLength(1, documentActionMessages.importFileRequired.id), z.maxLength(255, messages.tooLong.id)),
  file: base64File,
  /** Needed only when the headers do not name every required field; saved for the company's next file with the same headers. */
  mapping: z.optional(importMappingSchema),
});
export type ImportUpload = z.infer<typeof importUploadSchema>;

export const importStartedSchema = z.object({ id: z.string(), message: z.string() });

/**
 * POST /api/v1/shipments/import/preview: the file's columns beside the portal's fields, before
 * importing (not in the spec: the mapping step needs it). `mapping` is what the headers say, or
 * the company's saved mapping for the same headers; `missing` are the required fields unmapped.
 */
export const importPreviewSchema = z.object({
  headers: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  total_rows: z.number(),
  mapping: importMappingSchema,
  missing: z.array(z.enum(IMPORT_FIELDS)),
  saved_mapping: z.boolean(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importRowErrorSchema = z.object({ row: z.number(), column: z.string(), message: z.string() });
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** An import record (spec section 3) with its progress and its first row errors. */
export const importRecordSchema = z.object({
  id: z.string(),
  /** Admins only: whose import it is. */
  company_name: z.optional(z.string()),
  filename: z.string(),
  total_shipments: z.number(),
  successful_shipments: z.number(),
  failed_shipments: z.number(),
  /** Rows done so far (equals total_shipments once finished). */
  progress: z.number(),
  /** Milliseconds, once finished. */
  processing_time: z.nullable(z.number()),
  status: z.enum(IMPORT_STATUSES),
  created_at: z.string(),
  error_message: z.nullable(z.string()),
  row_errors: z.array(importRowErrorSchema),
  /** Whether the result file can still be downloaded: false once retention deleted the upload (its download answers 410). */
  result_available: z.boolean(),
});
export type ImportRecord = z.infer<typeof importRecordSchema>;

export const importListSchema = z.array(importRecordSchema);

export const importPreviewEndpoint = endpoint({
  method: 'POST',
  limit: 'imports',
  path: '/api/v1/shipments/import/preview',
  access: 'client',
  companyData: 'caller',
  permission: 'shipments.create',
  body: importUploadSchema,
  answer: importPreviewSchema,
});
export const importStartEndpoint = endpoint({
  method: 'POST',
  limit: 'imports',
  path: '/api/v1/shipments/import',
  access: 'client',
  companyData: 'caller',
  permission: 'shipments.create',
  idempotent: true,
  body: importUploadSchema,
  answer: importStartedSchema,
  status: 201,
});
export const importListEndpoint = endpoint({ method: 'GET', path: '/api/v1/shipments/import', access: 'client', companyData: 'caller', answer: importListSchema });
/** The result file: the uploaded rows with their status, numbers and errors. */
export const importResultEndpoint = endpoint({
  method: 'GET',
  path: '/api/v1/shipments/import/:id',
  access: 'client',
  companyData: { names: { params: { id: 'import' } } },
  params: uuidParams(documentActionMessages.importNotFound.id),
  answer: 'file',
});
