// Fetches a partner's published pickup-point list. The address is the admin's, the answer the
// partner's: https only, never into a private network (http/outbound-guard.ts, on the address each
// connection actually uses, so a name that resolves to 10.x or 127.x gets nowhere), a few
// redirects at most (each checked again), a size cap and a time limit.
import http from 'node:http';
import https from 'node:https';
import { ForbiddenAddressError, guardedLookup, literalHostForbidden } from '#server/http/outbound-guard.ts';
import { IMPORT_MAX_BYTES } from '#shared/domain/limits.ts';
import { adminMessages as am } from '#shared/i18n/admin-messages.ts';
import type { MessageDescriptor } from '#shared/i18n/messages.ts';

export interface FeedFetchPolicy {
  /** Tests only: plain http and loopback addresses (a local stand-in for the partner's server). */
  allowLocal: boolean;
  timeoutMs: number;
}

export const DEFAULT_FEED_POLICY: FeedFetchPolicy = { allowLocal: false, timeoutMs: 60_000 };

const MAX_REDIRECTS = 3;

/** Why a fetch brought no list: a message for the feed's last outcome. */
export class FeedFetchError extends Error {
  constructor(
    readonly descriptor: MessageDescriptor,
    readonly values: Record<string, string | number> = {},
  ) {
    super(descriptor.message);
  }
}

/** The list's bytes from `address`; a FeedFetchError says why there are none. */
export async function fetchFeed(address: string, policy: FeedFetchPolicy = DEFAULT_FEED_POLICY): Promise<Buffer> {
  let url = new URL(address);
  for (let redirects = 0; ; redirects++) {
    const answer = await get(url, policy);
    if ('bytes' in answer) return answer.bytes;
    if (redirects === MAX_REDIRECTS) throw new FeedFetchError(am.feedHttpError, { status: answer.status });
    url = new URL(answer.location, url);
  }
}

function get(url: URL, policy: FeedFetchPolicy): Promise<{ bytes: Buffer } | { status: number; location: string }> {
  const secure = url.protocol === 'https:';
  if (!secure && !(policy.allowLocal && url.protocol === 'http:')) return Promise.reject(new FeedFetchError(am.feedUrlInvalid));
  if (!policy.allowLocal && literalHostForbidden(url)) {
    return Promise.reject(new FeedFetchError(am.feedPrivateHost));
  }
  const seconds = Math.round(policy.timeoutMs / 1000);
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).get(
      url,
      {
        headers: { accept: 'text/csv, application/json, */*;q=0.5', 'user-agent': 'parcel-portal-directory-fetch' },
        ...(policy.allowLocal ? {} : { lookup: guardedLookup }),
        signal: AbortSignal.timeout(policy.timeoutMs),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          resolve({ status, location: response.headers.location });
          return;
        }
        if (status < 200 || status >= 300) {
          response.resume();
          reject(new FeedFetchError(am.feedHttpError, { status }));
          return;
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > IMPORT_MAX_BYTES) {
          response.destroy();
          reject(new FeedFetchError(am.directoryTooLarge));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > IMPORT_MAX_BYTES) {
            response.destroy();
            reject(new FeedFetchError(am.directoryTooLarge));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ bytes: Buffer.concat(chunks) }));
        response.on('error', (error) => reject(failure(error, seconds)));
      },
    );
    request.on('error', (error) => reject(failure(error, seconds)));
  });
}

function failure(error: Error, seconds: number): FeedFetchError {
  if (error instanceof FeedFetchError) return error;
  if (error instanceof ForbiddenAddressError) return new FeedFetchError(am.feedPrivateHost);
  if (error.name === 'AbortError' || error.name === 'TimeoutError') return new FeedFetchError(am.feedTimeout, { seconds });
  const code = (error as NodeJS.ErrnoException).code;
  return new FeedFetchError(am.feedUnreachable, { reason: code ?? error.message });
}
