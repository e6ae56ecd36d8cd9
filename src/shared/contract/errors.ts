import * as z from 'zod/mini';

/**
 * The stable code of each message a field error can carry, by the message's id: what is wrong, in
 * words a program can compare (the field's key says where). Codes never change with the wording
 * or the language; several messages may share one (every "X is required" is `required`). A field
 * message without a declared code answers `invalid`. Listed in the API reference.
 */
export const FIELD_ERROR_CODE_BY_MESSAGE = {
  'validation.required': 'required',
  'validation.client_id.required': 'required',
  'validation.client_secret.required': 'required',
  'tracking.tracking_number.required': 'required',
  'shipment.delivery_method.required': 'required',
  'shipment.receiver_name.required': 'required',
  'shipment.receiver_address_line_1.required': 'required',
  'shipment.receiver_city.required': 'required',
  'shipment.receiver_postal_code.required': 'required',
  'shipment.receiver_country.required': 'required',
  'shipment.receiver_phone.required': 'required',
  'shipment.receiver_email.required': 'required',
  'shipment.goods_type.required': 'required',
  'shipment.content.required': 'required',
  'shipment.hs_tariff_code.required': 'required',
  'shipment.quantity.required': 'required',
  'shipment.pickup_point.required': 'required',
  'shipment.label_sender_name.required': 'required',
  'shipment.parcels.required': 'required',
  'form.consent.required': 'required',
  'admin.company.name.required': 'required',
  'admin.street.required': 'required',
  'admin.zip.required': 'required',
  'admin.city.required': 'required',
  'admin.company.cin.required': 'required',
  'admin.company.tin.required': 'required',
  'admin.iban.required': 'required',
  'admin.swift.required': 'required',
  'admin.pickup_address.contact_person.required': 'required',
  'admin.phone.required': 'required',
  'admin.client.client_id.required': 'required',
  'admin.client.name.required': 'required',
  'account.password.required': 'required',
  'import.file.required': 'required',
  'scan.parcels_id.required': 'required',
  'shipment.labels.none_selected': 'required',
  'manifest.none_selected': 'required',
  'webhook.event_types.required': 'required',

  'validation.invalid_type': 'invalid_type',
  'validation.invalid_value': 'invalid_value',
  'admin.directory.row_invalid': 'invalid_value',
  'validation.too_long': 'too_long',
  'shipment.receiver_address_number.too_long': 'too_long',
  'validation.unsafe_characters': 'control_characters',
  'validation.not_a_number': 'number.invalid',
  'validation.ambiguous_number': 'number.ambiguous',
  'validation.positive': 'number.not_positive',
  'validation.money_step': 'amount.step',
  'money.czk.step': 'amount.step',
  'money.huf.step': 'amount.step',
  'money.chf.step': 'amount.step',
  'money.dkk.step': 'amount.step',
  'money.sek.step': 'amount.step',
  'money.nok.step': 'amount.step',
  'money.isk.step': 'amount.step',
  'money.rsd.step': 'amount.step',
  'money.mkd.step': 'amount.step',
  'money.all.step': 'amount.step',
  'money.bam.step': 'amount.step',
  'money.uah.step': 'amount.step',
  'money.xcd.step': 'amount.step',
  'validation.weight_step': 'weight.step',
  'validation.invalid_email': 'email.invalid',
  'admin.email.invalid': 'email.invalid',
  'validation.date_range': 'date_range.invalid',
  'validation.day_out_of_range': 'date.out_of_range',
  'report.from_date.invalid': 'date.invalid',
  'report.to_date.invalid': 'date.invalid',
  'report.from_date.future': 'date.future',
  'report.to_date.future': 'date.future',
  'report.company_id.invalid': 'id.invalid',
  'error.forbidden': 'forbidden',
  'report.type.admin_only': 'forbidden',

  'shipment.country.not_allowed': 'country.not_allowed',
  'shipment.product.not_allowed': 'product.not_allowed',
  'shipment.delivery_method.not_allowed': 'delivery_method.not_allowed',
  'shipment.partner.none': 'partner.none',
  'shipment.size.too_large': 'size.too_large',
  'shipment.weight.too_heavy': 'weight.too_heavy',
  'shipment.hs_tariff_code.invalid': 'hs_tariff_code.invalid',
  'shipment.insurance.not_allowed': 'insurance.not_allowed',
  'shipment.fragile.not_allowed': 'fragile.not_allowed',
  'shipment.parcels.single_only': 'parcels.single_only',
  'shipment.receiver_postal_code.invalid': 'postal_code.invalid',
  'shipment.receiver_phone.invalid': 'phone.invalid',
  'shipment.pickup_point.unavailable': 'pickup_point.unavailable',
  'shipment.pickup_address.invalid': 'pickup_address.invalid',
  'manifest.pickup.invalid': 'pickup_address.invalid',
  'shipment.delete.not_deletable': 'status.not_created',
  'manifest.refused': 'status.not_created',
  'shipment.labels.error': 'label.unavailable',
  'shipment.labels.too_many': 'too_many',
  'scan.export.too_many': 'too_many',
  'scan.scanned_at.invalid': 'scan_time.out_of_range',
  'tracking.zip.too_many_attempts': 'postal_code.too_many_attempts',
  'partner.location.not_a_place': 'location.not_a_place',
  'partner.tracking_url_template.invalid': 'url.invalid',

  'import.type.invalid': 'file.type_invalid',
  'import.type.mismatch': 'file.type_mismatch',
  'import.file.too_large': 'file.too_large',
  'import.file.too_many_rows': 'file.too_many_rows',
  'import.file.expands_too_far': 'file.unsafe',
  'import.file.unpacks_too_large': 'file.too_large',
  'import.file.empty': 'file.empty',
  'import.file.unreadable': 'file.unreadable',
  'import.columns.missing': 'columns.missing',

  'admin.country.invalid': 'country.invalid',
  'admin.product.invalid': 'product.invalid',
  'admin.iban.invalid': 'iban.invalid',
  'admin.swift.invalid': 'swift.invalid',
  'admin.zip.invalid': 'postal_code.invalid',
  'admin.phone.invalid': 'phone.invalid',
  'admin.company.cin.format': 'company_id.invalid',
  'admin.company.cin.check_digit': 'company_id.check_digit',
  'admin.company.cin.duplicate': 'company_id.duplicate',
  'admin.company.tin.format_sk': 'tax_id.invalid',
  'admin.company.tin.format_cz': 'tax_id.invalid',
  'admin.company.tin.check_digit': 'tax_id.check_digit',
  'admin.company.id.invalid': 'identifier.invalid',
  'admin.company.vat.format': 'vat_id.invalid',
  'admin.company.vat.check_digit': 'vat_id.check_digit',
  'admin.bank_account.duplicate': 'iban.duplicate',
  'admin.pickup_days.invalid': 'pickup_days.invalid',
  'admin.pickup_address.not_found': 'not_found',
  'admin.partner.not_found': 'not_found',
  'admin.pickup_address.client_not_of_company': 'client.other_company',
  'admin.partner.does_not_serve': 'partner.does_not_serve',
  'admin.partner.assignment_exists': 'partner.assignment_exists',
  'admin.partner.priority.invalid': 'priority.invalid',
  'admin.partner.service_still_preferred': 'service.still_preferred',
  'admin.client.client_id.format': 'client_id.format',
  'admin.client.client_id.taken': 'client_id.taken',
  'admin.client.role.invalid': 'role.invalid',
  'admin.directory.format_invalid': 'file.type_invalid',
  'admin.directory.too_large': 'file.too_large',
  'admin.directory.unreadable': 'file.unreadable',
  'admin.directory.missing_columns': 'columns.missing',
  'admin.directory.foreign_points': 'points.foreign',
  'admin.directory.duplicate_id': 'id.duplicate',
  'admin.feed.url_invalid': 'url.invalid',
  'admin.feed.private_host': 'url.private',
  'webhook.url.invalid': 'url.invalid',
  'webhook.url.private': 'url.private',
  'webhook.event_type.invalid': 'event_type.invalid',
  'admin.feed.interval_invalid': 'interval.invalid',

  'account.password.mismatch': 'password.mismatch',
  'account.password.too_short': 'password.too_short',
  'account.password.weak': 'password.weak',
  'account.password.unchanged': 'password.unchanged',
  'account.password.wrong': 'password.wrong',
} as const satisfies Record<string, string>;

/** Every field error code (sorted), `invalid` included: the fallback of a message without a declared code. */
export const FIELD_ERROR_CODES = [...new Set<string>([...Object.values(FIELD_ERROR_CODE_BY_MESSAGE), 'invalid'])].sort() as Array<
  (typeof FIELD_ERROR_CODE_BY_MESSAGE)[keyof typeof FIELD_ERROR_CODE_BY_MESSAGE] | 'invalid'
>;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];
export const fieldErrorCodeSchema = z.enum(FIELD_ERROR_CODES as [FieldErrorCode, ...FieldErrorCode[]]);

/** The code of a field message (a message id), `invalid` when it has none. */
export function fieldErrorCode(messageId: string): FieldErrorCode {
  return Object.hasOwn(FIELD_ERROR_CODE_BY_MESSAGE, messageId) ? FIELD_ERROR_CODE_BY_MESSAGE[messageId as keyof typeof FIELD_ERROR_CODE_BY_MESSAGE] : 'invalid';
}

/**
 * Every error the API answers (spec section 8): field errors, else message, else `error`.
 * Our server always sends `message`; readers tolerate its absence (proxies, older servers).
 * `errors` holds the field messages in the caller's language; `codes` (beside it, with the same
 * keys in the same order) their stable codes. New codes may come within v1 (README "API
 * versioning"), so readers take any string.
 */
export const errorBodySchema = z.object({
  message: z.optional(z.string()),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
  codes: z.optional(z.record(z.string(), z.array(z.union([fieldErrorCodeSchema, z.string()])))),
  error: z.optional(z.string()),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** RFC 6749 section 5.2 error codes of the token endpoint. */
export const OAUTH_ERRORS = ['invalid_request', 'invalid_client', 'invalid_grant', 'unsupported_grant_type'] as const;
export type OAuthError = (typeof OAUTH_ERRORS)[number];

/** Stable `error` codes of the API besides the OAuth ones. */
export type ApiErrorCode =
  | OAuthError
  | 'validation_failed'
  | 'malformed_body'
  | 'body_too_large'
  | 'unsupported_media_type'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'too_many_requests'
  | 'conflict'
  | 'gone'
  | 'unavailable'
  | 'internal_error';
