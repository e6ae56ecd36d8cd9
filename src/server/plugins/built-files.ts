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
import type { FastifyReply, FastifyRequest } from 'fastify';
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
 * What @fastify/send's mime table (mime 3) says for the extensions a build holds, and whether
 * @fastify/compress would compress that type; anything else is application/octet-stream (which it would).
 */
const MEDIA_TYPES: Record<string, [type: string, compressible: boolean]> = {
  avif: ['image/avif', false],
  css: ['text/css', true],
  csv: ['text/csv', true],
  gif: ['image/gif', false],
  html: ['text/html', true],
  ico: ['image/vnd.microsoft.icon', true],
  jpeg: ['image/jpeg', false],
  jpg: ['image/jpeg', false],
  js: ['application/javascript', true],
  json: ['application/json', true],
  map: ['application/json', true],
  md: ['text/markdown', true],
  mjs: ['application/javascript', true],
  otf: ['font/otf', true],
  pdf: ['application/pdf', false],
  png: ['image/png', false],
  svg: ['image/svg+xml', true],
  ttf: ['font/ttf', true],
  txt: ['text/plain', true],
  wasm: ['application/wasm', true],
  webmanifest: ['application/manifest+json', true],
  webp: ['image/webp', false],
  woff: ['font/woff', false],
  woff2: ['font/woff2', false],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', false],
  xml: ['application/xml', true],
  zip: ['application/zip', false],
};
const OTHER: [string, boolean] = ['application/octet-stream', true];

/** Content-Type of a file by its name, with the charset send added to JavaScript, JSON and text; and whether it is worth compressing. */
export function mediaType(fileName: string): { type: string; compressible: boolean } {
  const [type, compressible] = MEDIA_TYPES[path.extname(fileName).slice(1).toLowerCase()] ?? OTHER;
  const utf8 = type.startsWith('text/') || type === 'application/javascript' || type === 'application/json';
  return { type: utf8 ? `${type}; charset=utf-8` : type, compressible };
}

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
 * .vite manifest, its stamp) and the .br/.gz forms of another file, which become that file's
 * compressed representations. `cacheControl` gives each file's Cache-Control by its address.
 */
export function readBuild(root: string, cacheControl: (urlPath: string) => string): Map<string, BuiltFile> {
  const names: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
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

interface EncodingPreference {
  br: number;
  gzip: number;
}

const NO_ENCODING: EncodingPreference = { br: 0, gzip: 0 };
/** Accept-Encoding values seen (browsers send a handful); emptied when it grows past this. */
const PREFERENCES_KEPT = 200;
const preferences = new Map<string, EncodingPreference>();

/**
 * The weights an Accept-Encoding gives br and gzip, as @fastify/static read it: `*` counts as
 * gzip, a missing q is 1, q=0 refuses.
 */
function preferenceOf(header: string): EncodingPreference {
  const known = preferences.get(header);
  if (known) return known;
  const preference = { br: 0, gzip: 0 };
  for (const part of header.toLowerCase().split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim() === '*' ? 'gzip' : rawName.trim();
    if (name !== 'br' && name !== 'gzip') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (Number.isFinite(weight) && weight > preference[name]) preference[name] = Math.min(weight, 1);
  }
  if (preferences.size >= PREFERENCES_KEPT) preferences.clear();
  preferences.set(header, preference);
  return preference;
}

/** The representation to send: the best-weighted compressed form the file has (br on a tie), else the file as built. */
export function chooseRepresentation(file: BuiltFile, acceptEncoding: string | undefined): Representation {
  const want = acceptEncoding ? preferenceOf(acceptEncoding) : NO_ENCODING;
  const br = file.br && want.br > 0 ? want.br : 0;
  const gzip = file.gzip && want.gzip > 0 ? want.gzip : 0;
  if (br > 0 && br >= gzip) return file.br!;
  if (gzip > 0) return file.gzip!;
  return file.identity;
}

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

function notModified(request: FastifyRequest, sent: Representation): boolean {
  // An end-to-end reload (Cache-Control: no-cache) is always answered in full.
  if (request.headers['cache-control']?.includes('no-cache')) return false;
  const ifNoneMatch = request.headers['if-none-match'];
  // If-Modified-Since is ignored when If-None-Match is present (RFC 9110, 13.1.3).
  if (ifNoneMatch !== undefined) return ifNoneMatch === '*' || matches(ifNoneMatch, sent.etag);
  const ifModifiedSince = request.headers['if-modified-since'];
  return ifModifiedSince !== undefined && sent.lastModifiedMs <= Date.parse(ifModifiedSince);
}

/** The one byte range asked for, 'unsatisfiable', or null to send the whole file (no range, an invalid one, several ranges, or a stale If-Range). */
function byteRange(request: FastifyRequest, sent: Representation): { start: number; end: number } | 'unsatisfiable' | null {
  const header = request.headers.range;
  if (header === undefined || !/^ *bytes=/.test(header)) return null;
  const ifRange = request.headers['if-range'];
  if (typeof ifRange === 'string') {
    const fresh = ifRange.includes('"') ? ifRange.includes(sent.etag) : !Number.isNaN(Date.parse(ifRange)) && sent.lastModifiedMs <= Date.parse(ifRange);
    if (!fresh) return null;
  }
  const size = sent.body.length;
  const ranges: Array<{ start: number; end: number }> = [];
  for (const spec of header.slice(header.indexOf('=') + 1).split(',')) {
    const dash = spec.indexOf('-');
    if (dash === -1) continue;
    let start = Number.parseInt(spec.slice(0, dash), 10);
    let end = Number.parseInt(spec.slice(dash + 1), 10);
    if (Number.isNaN(start)) {
      start = size - end;
      end = size - 1;
    } else if (Number.isNaN(end) || end > size - 1) {
      end = size - 1;
    }
    if (!Number.isNaN(start) && !Number.isNaN(end) && start > -1 && start <= end) ranges.push({ start, end });
  }
  if (ranges.length === 0) return 'unsatisfiable';
  return ranges.length === 1 ? ranges[0]! : null;
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
