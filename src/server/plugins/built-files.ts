// The built PWA held in memory: every file of the build read once at start, with the .br and .gz
// beside it that the build writes, each answer's headers worked out once. A request then costs a
// route look-up and a buffer write: no readdir, open, stat or close per request (issue 19: with
// @fastify/static checking the spelling of every path on disk, a static file answered at 6–8% of
// a bare Fastify's rate, and every unknown path paid the same before its 404).
//
// The headers are those @fastify/static (through @fastify/send) sent, kept so that what browsers
// and caches hold stays valid: Content-Type from the file's extension (UTF-8 text types say so),
// a weak ETag of size and modification time, Last-Modified, Accept-Ranges, and Vary:
// accept-encoding on every file, compressed or not. Conditional requests (If-None-Match,
// If-Modified-Since, If-Match, If-Unmodified-Since) and single byte ranges are answered as send
// answered them.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import isCompressible from 'compressible';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import { contentType } from 'mime-types';
import parseRange from 'range-parser';
import { messages } from '#shared/i18n/messages.ts';
import { ApiError } from '../http-errors.ts';

/** One way of sending a file: as built, or one of its precompressed forms. */
interface Representation {
  body: Buffer;
  etag: string;
  /** Last-Modified as sent, and as a time (whole seconds: what the header can say). */
  lastModified: string;
  lastModifiedMs: number;
  /** Every header of a 200 answer but Content-Length (Fastify sets it from the body). */
  headers: Record<string, string>;
}

export interface BuiltFile {
  /** The address it answers, e.g. `/assets/app-1a2b3c4d.js`. */
  urlPath: string;
  identity: Representation;
  br?: Representation;
  gzip?: Representation;
}

/**
 * Content-Type of a file by its name (mime-types, jshttp's table: UTF-8 text types say so) and
 * whether it is worth compressing (compressible, the table @fastify/compress uses; a type it does
 * not know is tried and kept compressed only when that makes it smaller).
 */
export function mediaType(fileName: string): { type: string; compressible: boolean } {
  const type = contentType(path.extname(fileName)) || 'application/octet-stream';
  return { type, compressible: isCompressible(type.split(';')[0]!) !== false };
}

/** The compiled server's folder inside the build's (dist/server). */
export const SERVER_BUILD_FOLDER = 'server';

const etagOf = (stat: Stats) => `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`;

interface Headers {
  type: string;
  cacheControl: string;
  encoding?: 'br' | 'gzip';
}

function representationOf(body: Buffer, { etag, modified }: { etag: string; modified: Date }, { type, cacheControl, encoding }: Headers): Representation {
  const lastModified = modified.toUTCString();
  return {
    body,
    etag,
    lastModified,
    lastModifiedMs: Date.parse(lastModified),
    headers: {
      'accept-ranges': 'bytes',
      'cache-control': cacheControl,
      'content-type': type,
      ...(encoding ? { 'content-encoding': encoding } : {}),
      etag,
      'last-modified': lastModified,
      vary: 'accept-encoding',
    },
  };
}

function read(file: string, headers: Headers): Representation {
  const stat = statSync(file);
  return representationOf(readFileSync(file), { etag: etagOf(stat), modified: stat.mtime }, headers);
}

/**
 * Reads the build under `root`: every file but those in or named with a dot (the build's own
 * .vite manifest, its stamp), those of the compiled server (`server/`, scripts/build-server.ts:
 * never sent to browsers) and the .br/.gz forms of another file, which become that file's
 * compressed representations. `cacheControl` gives each file's Cache-Control by its address.
 */
export function readBuild(root: string, cacheControl: (urlPath: string) => string): Map<string, BuiltFile> {
  const names: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || (dir === root && entry.name === SERVER_BUILD_FOLDER)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() || (entry.isSymbolicLink() && statSync(full).isFile())) names.push(path.relative(root, full).split(path.sep).join('/'));
    }
  };
  walk(root);
  const all = new Set(names);
  const files = new Map<string, BuiltFile>();
  for (const name of names) {
    // A compressed form of another file is served as that file.
    if (/\.(br|gz)$/.test(name) && all.has(name.slice(0, name.lastIndexOf('.')))) continue;
    const urlPath = `/${name}`;
    const { type, compressible } = mediaType(name);
    const headers = { type, cacheControl: cacheControl(urlPath) };
    const full = path.join(root, name);
    const identity = read(full, headers);
    let gzip = all.has(`${name}.gz`) ? read(`${full}.gz`, { ...headers, encoding: 'gzip' }) : undefined;
    if (!gzip && compressible) {
      // A file the build left uncompressed (the service worker, the WebAssembly reader, the
      // manuals, the web manifest): @fastify/compress gzipped it on every request; now once,
      // here, under the file's own ETag as before, and only where that makes it smaller.
      const zipped = gzipSync(identity.body);
      if (zipped.length < identity.body.length) gzip = representationOf(zipped, { etag: identity.etag, modified: new Date(identity.lastModifiedMs) }, { ...headers, encoding: 'gzip' });
    }
    files.set(urlPath, {
      urlPath,
      identity,
      ...(all.has(`${name}.br`) ? { br: read(`${full}.br`, { ...headers, encoding: 'br' }) } : {}),
      ...(gzip ? { gzip } : {}),
    });
  }
  return files;
}

/**
 * A page made from index.html (the preload hints of page-preloads.ts), sent as index.html is:
 * its headers, br and gzip forms (made here, once per page), an ETag from its content.
 */
export function builtPage(html: string, indexHtml: BuiltFile): BuiltFile {
  const body = Buffer.from(html);
  const tag = `${body.length.toString(16)}-${createHash('sha256').update(body).digest('base64url').slice(0, 16)}`;
  const modified = new Date(indexHtml.identity.lastModifiedMs);
  const headers = { type: indexHtml.identity.headers['content-type']!, cacheControl: indexHtml.identity.headers['cache-control']! };
  return {
    urlPath: indexHtml.urlPath,
    identity: representationOf(body, { etag: `W/"${tag}"`, modified }, headers),
    br: representationOf(brotliCompressSync(body), { etag: `W/"${tag}-br"`, modified }, { ...headers, encoding: 'br' }),
    gzip: representationOf(gzipSync(body), { etag: `W/"${tag}-gz"`, modified }, { ...headers, encoding: 'gzip' }),
  };
}

/** Accept-Encoding values seen with the encodings offered (browsers send a handful); emptied past this. */
const CHOICES_KEPT = 200;
const choices = new Map<string, 'br' | 'gzip' | null>();

/**
 * The representation to send: the compressed form the client weights highest among those the file
 * has (@fastify/accept-negotiator, as @fastify/compress chooses; br on a tie), else the file as built.
 */
export function chooseRepresentation(file: BuiltFile, acceptEncoding: string | undefined): Representation {
  if (!acceptEncoding || (!file.br && !file.gzip)) return file.identity;
  const offered = file.br && file.gzip ? BOTH : file.br ? BR_ONLY : GZIP_ONLY;
  const key = `${offered.join()}|${acceptEncoding}`;
  let chosen = choices.get(key);
  if (chosen === undefined) {
    chosen = negotiate(acceptEncoding.toLowerCase(), offered) as 'br' | 'gzip' | null;
    if (choices.size >= CHOICES_KEPT) choices.clear();
    choices.set(key, chosen);
  }
  return (chosen && file[chosen]) || file.identity;
}
const BOTH = ['br', 'gzip'];
const BR_ONLY = ['br'];
const GZIP_ONLY = ['gzip'];

/** The entity tags of an If-Match / If-None-Match list. */
const tagList = (value: string) =>
  value
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

/** send's comparisons: a listed tag matches ours written as is or without its W/ prefix. */
const matches = (value: string, etag: string) => tagList(value).some((tag) => tag === etag || `W/${tag}` === etag);

function preconditionFailed(request: FastifyRequest, sent: Representation): boolean {
  const ifMatch = request.headers['if-match'];
  if (ifMatch && ifMatch !== '*' && !matches(ifMatch, sent.etag)) return true;
  const ifUnmodifiedSince = request.headers['if-unmodified-since'];
  if (ifUnmodifiedSince) {
    const since = Date.parse(ifUnmodifiedSince);
    if (!Number.isNaN(since) && sent.lastModifiedMs > since) return true;
  }
  return false;
}

/** Whether the client's copy is current (fresh, jshttp's conditional-GET rules, as send uses them). */
const notModified = (request: FastifyRequest, sent: Representation) => fresh(request.headers, { etag: sent.etag, 'last-modified': sent.lastModified });

/** The one byte range asked for, 'unsatisfiable', or null to send the whole file (no range, an invalid one, several ranges, or a stale If-Range). */
function byteRange(request: FastifyRequest, sent: Representation): { start: number; end: number } | 'unsatisfiable' | null {
  const header = request.headers.range;
  if (header === undefined) return null;
  const ifRange = request.headers['if-range'];
  if (typeof ifRange === 'string') {
    const current = ifRange.includes('"') ? ifRange.includes(sent.etag) : !Number.isNaN(Date.parse(ifRange)) && sent.lastModifiedMs <= Date.parse(ifRange);
    if (!current) return null;
  }
  const ranges = parseRange(sent.body.length, header, { combine: true });
  if (ranges === -1) return 'unsatisfiable';
  // Malformed, another unit, or several ranges: the whole file, as send answered them.
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return null;
  return ranges[0]!;
}

/** Answers a GET or HEAD for `file` (Node sends no body for HEAD, and the length of what GET would send). */
export function sendBuiltFile(request: FastifyRequest, reply: FastifyReply, file: BuiltFile): FastifyReply {
  const sent = chooseRepresentation(file, request.headers['accept-encoding']);
  if (request.headers['if-match'] !== undefined || request.headers['if-unmodified-since'] !== undefined) {
    if (preconditionFailed(request, sent)) throw new ApiError(412, 'invalid_request', messages.invalidRequest);
  }
  if ((request.headers['if-none-match'] !== undefined || request.headers['if-modified-since'] !== undefined) && notModified(request, sent)) {
    const { 'content-type': _type, ...headers } = sent.headers;
    return reply.code(304).headers(headers).send();
  }
  const range = byteRange(request, sent);
  if (range === 'unsatisfiable') {
    throw new ApiError(416, 'invalid_request', messages.invalidRequest, { headers: { 'content-range': `bytes */${sent.body.length}` } });
  }
  reply.headers(sent.headers);
  if (range) {
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${sent.body.length}`)
      .send(sent.body.subarray(range.start, range.end + 1));
  }
  return reply.send(sent.body);
}
