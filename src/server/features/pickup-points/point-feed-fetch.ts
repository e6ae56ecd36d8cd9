// Fetches a partner's published pickup-point list. The address is the admin's, the answer the
// partner's: https only, never into a private network (the address each connection actually
// uses is checked, so a name that resolves to 10.x or 127.x after the check gets nowhere), a few
// redirects at most (each checked again), a size cap and a time limit.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
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

const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv6');
}

/** A private, loopback, link-local or otherwise non-public address (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return privateRanges.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return privateRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** dns.lookup that refuses private addresses: used for every connection the fetch makes. */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 4);
    const allowed = addresses.filter((a) => !isPrivateAddress(a.address));
    if (allowed.length === 0) return callback(new PrivateHostError(), '', 4);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
    callback(null, allowed[0]!.address, allowed[0]!.family);
  });
};

class PrivateHostError extends Error {
  readonly code = 'EPRIVATEHOST';
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
  if (!policy.allowLocal && isIP(url.hostname.replace(/^\[|\]$/g, '')) && isPrivateAddress(url.hostname.replace(/^\[|\]$/g, ''))) {
    return Promise.reject(new FeedFetchError(am.feedPrivateHost));
  }
  const seconds = Math.round(policy.timeoutMs / 1000);
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).get(
      url,
      {
        headers: { accept: 'text/csv, application/json, */*;q=0.5', 'user-agent': 'parcel-portal-directory-fetch' },
        ...(policy.allowLocal ? {} : { lookup: publicLookup }),
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
  if (error instanceof PrivateHostError) return new FeedFetchError(am.feedPrivateHost);
  if (error.name === 'AbortError' || error.name === 'TimeoutError') return new FeedFetchError(am.feedTimeout, { seconds });
  const code = (error as NodeJS.ErrnoException).code;
  return new FeedFetchError(am.feedUnreachable, { reason: code ?? error.message });
}
