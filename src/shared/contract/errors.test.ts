import { describe, expect, it } from 'vitest';
import { accountMessages } from '../i18n/account-messages.ts';
import { adminMessages } from '../i18n/admin-messages.ts';
import { documentActionMessages } from '../i18n/document-action-messages.ts';
import { inputMessages } from '../i18n/input-messages.ts';
import { messages } from '../i18n/messages.ts';
import { moneyMessages } from '../i18n/money-messages.ts';
import { reportFieldMessages } from '../i18n/report-messages.ts';
import { serverMessages } from '../i18n/server-messages.ts';
import { shipmentMessages } from '../i18n/shipment-messages.ts';
import { webhookMessages } from '../i18n/webhook-messages.ts';
import { errorBodySchema, FIELD_ERROR_CODE_BY_MESSAGE, FIELD_ERROR_CODES, fieldErrorCode, fieldErrorCodeSchema } from './errors.ts';

/**
 * Messages of these tables that never stand in a field error: answers' own messages, notices,
 * document texts. Every other message of theirs must have a code in FIELD_ERROR_CODE_BY_MESSAGE.
 * A new message goes into one or the other.
 */
const NOT_FIELD_MESSAGES = new Set([
  'error.invalid_request', 'error.unauthorized', 'admin.company.not_found', 'admin.company.cin.duplicate_confirm', 'admin.company.has_shipments', 'admin.company.created', 'admin.company.saved',
  'admin.company.deleted', 'admin.company.carrier', 'admin.bank_account.not_found', 'admin.bank_account.deleted', 'admin.pickup_address.deleted',
  'admin.partner.assignment_not_found', 'admin.client.not_found', 'admin.client.admin_not_managed', 'admin.client.created', 'admin.client.saved',
  'admin.partner_key.not_found', 'admin.partner.services_saved', 'admin.feed.not_found', 'admin.feed.deleted', 'admin.feed.unreachable', 'admin.feed.http_error',
  'admin.feed.timeout', 'admin.client.secret_reset', 'account.password.changed', 'user.settings.success', 'report.empty', 'report.busy',
  'error.idempotency_mismatch', 'error.idempotency_in_progress', 'shipment.created', 'shipment.dimensions.not_found', 'import.started', 'import.interrupted',
  'import.result.status', 'import.result.created', 'import.result.failed', 'import.result.error', 'import.not_finished', 'shipment.label.deleted', 'shipment.labels.none_waiting', 'manifest.nothing',
  'tracking.event.CREATED', 'tracking.event.DELETED', 'tracking.event.MANIFESTED', 'tracking.event.ARRIVED', 'tracking.event.SENT', 'tracking.event.IN_TRANSIT',
  'tracking.event.AT_PICKUP_POINT', 'tracking.event.OUT_FOR_DELIVERY', 'tracking.event.DELIVERY_FAILED', 'tracking.event.DELIVERED', 'tracking.event.RETURNED',
  'tracking.not_found', 'partner.signature.invalid', 'partner.signature.replayed', 'error.malformed_body', 'error.body_too_large', 'error.unsupported_media_type',
  'error.invalid_client', 'error.client_authentication.twice', 'error.invalid_grant', 'error.unsupported_grant_type', 'error.too_many_attempts',
  'error.too_many_requests', 'error.company_rate_limited', 'error.heavy_work_busy', 'error.not_found', 'error.internal', 'error.cross_site_sign_in', 'error.unavailable.draining',
  'error.unavailable.conflict', 'error.unavailable.database', 'import.file_gone', 'import.not_found', 'manifest.not_found', 'scan.export.none_found',
  'shipment.delete.success', 'error.malformed_request', 'error.invalid_url', 'error.request_timeout',
  'webhook.too_many', 'webhook.not_found', 'webhook.delivery.not_found', 'webhook.deleted', 'webhook.test_queued', 'webhook.resend_queued', 'webhook.disabled.gone', 'webhook.disabled.address_not_allowed',
]);

const TABLES = { messages, adminMessages, accountMessages, reportFieldMessages, serverMessages, moneyMessages, documentActionMessages, shipmentMessages, inputMessages, webhookMessages };

describe('field error codes', () => {
  it('gives every message that can stand in a field error a declared code', () => {
    const missing = Object.entries(TABLES).flatMap(([table, list]) =>
      Object.values(list)
        .filter((m) => !NOT_FIELD_MESSAGES.has(m.id) && !Object.hasOwn(FIELD_ERROR_CODE_BY_MESSAGE, m.id))
        .map((m) => `${table}: ${m.id}`),
    );
    expect(missing, 'add a code in FIELD_ERROR_CODE_BY_MESSAGE (contract/errors.ts), or the id to NOT_FIELD_MESSAGES here').toEqual([]);
  });

  it('are short snake_case words, dotted at most once, and listed once each', () => {
    for (const code of FIELD_ERROR_CODES) expect(code).toMatch(/^[a-z][a-z_]*(\.[a-z][a-z_]*)?$/);
    expect(new Set(FIELD_ERROR_CODES).size).toBe(FIELD_ERROR_CODES.length);
    expect(FIELD_ERROR_CODES).toContain('invalid');
    expect(FIELD_ERROR_CODES).toEqual([...FIELD_ERROR_CODES].sort());
  });

  it('answers the declared code, and invalid for a message without one', () => {
    expect(fieldErrorCode('shipment.receiver_postal_code.invalid')).toBe('postal_code.invalid');
    expect(fieldErrorCode('shipment.receiver_city.required')).toBe('required');
    expect(fieldErrorCode('webhook.url.invalid')).toBe('url.invalid');
    expect(fieldErrorCode('webhook.url.private')).toBe('url.private');
    expect(fieldErrorCode('validation.required')).toBe('required');
    expect(fieldErrorCode('some.unknown.message')).toBe('invalid');
    expect(fieldErrorCode('__proto__')).toBe('invalid');
    expect(fieldErrorCode('toString')).toBe('invalid');
  });

  it('reads any code in an error body (codes may be added within v1), and documents the known ones', () => {
    expect(fieldErrorCodeSchema.safeParse('postal_code.invalid').success).toBe(true);
    expect(fieldErrorCodeSchema.safeParse('not.a.code').success).toBe(false);
    const body = { message: 'm', error: 'validation_failed', errors: { zip: ['Zlé PSČ'] }, codes: { zip: ['a_future_code'] } };
    expect(errorBodySchema.parse(body)).toEqual(body);
  });
});
