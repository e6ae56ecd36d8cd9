// Messages of the input rules: the shared ones (src/shared/domain/unsafe-text.ts, numbers as typed
// in src/shared/domain/decimal-text.ts, the day range of src/shared/contract/fields.ts) are schema messages that the form and the server both show;
// the last three are the server's refusals of a request it cannot read or route or that arrives too slowly.
// find-message.ts looks them up for the server.
import type { MessageDescriptor } from './messages.ts';

export const inputMessages = {
  unsafeCharacters: /*i18n*/ { id: 'validation.unsafe_characters', message: 'This value contains invisible control characters. Remove them and try again.' },
  notANumber: /*i18n*/ { id: 'validation.not_a_number', message: 'Enter a number, such as 2.5' },
  ambiguousNumber: /*i18n*/ { id: 'validation.ambiguous_number', message: 'This number can be read two ways. Write 2.5 for two and a half, or 2500 without a thousands separator.' },
  dayOutOfRange: /*i18n*/ { id: 'validation.day_out_of_range', message: 'Enter a date between the years 2000 and 2099' },
  malformedRequest: /*i18n*/ { id: 'error.malformed_request', message: 'The request could not be read.' },
  invalidUrl: /*i18n*/ { id: 'error.invalid_url', message: 'The address of this request is not valid.' },
  requestTimeout: /*i18n*/ { id: 'error.request_timeout', message: 'The request took too long to arrive. Check the connection and try again.' },
} as const satisfies Record<string, MessageDescriptor>;
