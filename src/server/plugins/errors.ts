// One place that turns every failure into the error body of spec section 8 in the caller's
// language. Bad input is always a 4xx: only our own faults answer 500.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fieldErrorCode, type ApiErrorCode, type ErrorBody, type FieldErrorCode } from '#shared/contract/errors.ts';
import { findMessage } from '#shared/i18n/find-message.ts';
import { inputMessages } from '#shared/i18n/input-messages.ts';
import { messages, type MessageDescriptor } from '#shared/i18n/messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import { isDatabaseUnavailable } from '../db/database-unavailable.ts';
import { isTransientConflict } from '../db/transient-conflict.ts';
import { ApiError } from '../http-errors.ts';
import { translator, translatorForHeader, type Translate } from '../i18n.ts';

/**
 * The stable code of one field error: its message's, or, for an entry that is no message of ours
 * (the item numbers a bulk action refused, a text already translated), the answer's message's.
 */
function codeOf(entry: MessageDescriptor | string, answer: MessageDescriptor): FieldErrorCode {
  const id = typeof entry === 'string' ? (findMessage(entry)?.id ?? answer.id) : entry.id;
  return fieldErrorCode(id);
}

function send(
  reply: FastifyReply,
  t: Translate,
  status: number,
  code: ApiErrorCode,
  message: MessageDescriptor,
  extra: { values?: Record<string, unknown>; fields?: Record<string, Array<MessageDescriptor | string>> } = {},
) {
  const body: ErrorBody = { message: t(message, extra.values), error: code };
  if (extra.fields) {
    const fields = Object.entries(extra.fields);
    body.errors = Object.fromEntries(fields.map(([field, list]) => [field, list.map((m) => t(m))]));
    body.codes = Object.fromEntries(fields.map(([field, list]) => [field, list.map((m) => codeOf(m, message))]));
  }
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** Fastify's own client errors (body parsing, content type) mapped onto our codes. */
const FASTIFY_CLIENT_ERRORS: Record<string, [number, ApiErrorCode, MessageDescriptor]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'malformed_body', serverMessages.malformedBody],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'malformed_body', serverMessages.malformedBody],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'malformed_body', serverMessages.malformedBody],
  // 413 (issue 30): the status itself says what is wrong (sending the same body again cannot
  // succeed), as HTTP proxies and clients read it; the code stays body_too_large.
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'body_too_large', serverMessages.bodyTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', serverMessages.unsupportedMediaType],
  FST_ERR_CTP_INVALID_TYPE: [415, 'unsupported_media_type', serverMessages.unsupportedMediaType],
};

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const t = translatorForHeader(request.headers['accept-language']);

    if (error instanceof ApiError) {
      if (error.options.headers) reply.headers(error.options.headers);
      return send(reply, t, error.statusCode, error.code, error.descriptor, error.options);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.slice(1).replaceAll('/', '.') || '_';
        (fields[field] ??= []).push(issue.message ?? messages.invalidValue.id);
      }
      return send(reply, t, 400, 'validation_failed', messages.invalidRequest, { fields });
    }

    const mapped = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (mapped) return send(reply, t, mapped[0], mapped[1], mapped[2]);

    if (error.statusCode === 429) {
      return send(reply, t, 429, 'too_many_requests', serverMessages.tooManyRequests);
    }
    const status = error.statusCode ?? 500;
    if (status === 403) return send(reply, t, 403, 'forbidden', messages.forbidden);
    if (status === 404) return send(reply, t, 404, 'not_found', serverMessages.notFound);
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return send(reply, t, status, 'invalid_request', messages.invalidRequest);
    }

    if (isTransientConflict(error)) {
      // Nothing was written (the transaction rolled back) and the same request succeeds when sent
      // again: a 503 with Retry-After says so, and the offline queues resend by themselves.
      request.log.warn({ err: error }, 'transaction aborted by a concurrent one');
      reply.header('retry-after', '1');
      return send(reply, t, 503, 'unavailable', serverMessages.concurrentConflict);
    }
    if (isDatabaseUnavailable(error)) {
      // An outage or a failover, not a fault of the request: clients and the queues try again.
      request.log.error({ err: error }, 'database unavailable');
      reply.header('retry-after', '5');
      return send(reply, t, 503, 'unavailable', serverMessages.databaseUnavailable);
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, t, 500, 'internal_error', serverMessages.internal);
  });
}

export const errors = fp(errorsPlugin, { name: 'errors' });

/**
 * Fastify's `frameworkErrors`: failures of the router before any route or hook runs, which would
 * otherwise answer Fastify's own body. A path that does not decode (`%ZZ`, `%E9`, the UTF-8 bytes
 * of a lone surrogate) or a path parameter beyond the router's length limit is bad input: 400.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const t = translatorForHeader(typeof request.headers['accept-language'] === 'string' ? request.headers['accept-language'] : undefined);
  request.log.info({ code: error.code }, 'unroutable request');
  return send(reply, t, 400, 'invalid_request', inputMessages.invalidUrl);
}

/** 404 in the error shape; used for unknown API routes. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, translatorForHeader(request.headers['accept-language']), 404, 'not_found', serverMessages.notFound);
}

/**
 * Fastify's `clientErrorHandler`: what the HTTP parser refuses before there is a request (a
 * malformed request line or header, headers too large, headers or a request that took too long)
 * is answered in the error shape too, in English (no Accept-Language could be read), and the
 * connection is closed.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message]: [number, ApiErrorCode, MessageDescriptor] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'invalid_request', inputMessages.requestTimeout]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'body_too_large', serverMessages.bodyTooLarge]
        : [400, 'invalid_request', inputMessages.malformedRequest];
  this.log.debug({ code: error.code }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ message: translator('en')(message), error: code } satisfies ErrorBody);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
