// Requests the server makes to itself (the public pages' lookups through their API route, `inject`).
// They carry a header with a secret of this process, so that the request log names the page a
// visitor asked for once rather than twice (half the log lines and their redaction under a
// tracking crowd). A client cannot forge the mark: the secret is made at start and never sent out.
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const HEADER = 'x-portal-inner-request';
const SECRET = randomBytes(24).toString('base64url');

/** The header that marks a request as the server's own. */
export const innerRequestHeader: Readonly<Record<string, string>> = { [HEADER]: SECRET };

/** Whether the request is one the server made to itself. */
export function isInnerRequest(request: Pick<FastifyRequest, 'headers'>): boolean {
  return request.headers[HEADER] === SECRET;
}
