import type { ApiErrorCode } from '#shared/contract/errors.ts';
import type { MessageDescriptor } from '#shared/i18n/messages.ts';

/**
 * An expected failure that the error handler turns into the API's error body, translated into
 * the caller's language. Field errors hold message ids (or descriptors) per field.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    readonly descriptor: MessageDescriptor,
    readonly options: {
      values?: Record<string, unknown>;
      fields?: Record<string, Array<MessageDescriptor | string>>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(descriptor.message);
    this.name = 'ApiError';
  }
}
