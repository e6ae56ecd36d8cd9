// The API reference: GET /api/openapi.json (the document of openapi.ts, built once at start, with
// a strong ETag) and GET /api/docs, a searchable reference rendered in the browser by Scalar's
// standalone bundle (@scalar/api-reference), served from our own origin: no CDN, no fonts or
// calls elsewhere, so it works offline. The bundle is read and compressed on its first request
// (4.3 MB; ~1 MB brotli) and cached for a year under its version's name.
//
// CSP: the page keeps the app's policy (scripts from our origin only, no inline script: its
// configuration travels in a data attribute of a non-executable <script type="application/json">)
// except style-src, which adds 'unsafe-inline' for this page alone: Scalar (Vue) injects <style>
// elements (its theme, toasts) and style attributes at run time, which neither a nonce nor hashes
// can cover. The route sets its own policy after the security plugin's; every other answer keeps
// the app's (README decision note 102).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { sendBuiltFile, type BuiltFile } from '#server/plugins/built-files.ts';
import { openApiDocument } from './openapi.ts';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/**
 * Scalar's standalone bundle: the compiled server's copy beside it (scripts/build-server.ts; the
 * package is a build-time dependency, absent from a production install), else the package's own.
 */
function findScalar(): { version: string; file: string } {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const copied = readdirSync(here)
    .map((name) => /^scalar-(.+)\.js$/.exec(name))
    .find((match) => match !== null);
  if (copied) return { version: copied[1]!, file: path.join(here, copied[0]) };
  // The package's folder (its exports do not include package.json): dist/index.js is its main module.
  const scalarRoot = path.resolve(path.dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')), '..');
  const { version } = JSON.parse(readFileSync(path.join(scalarRoot, 'package.json'), 'utf8')) as { version: string };
  return { version, file: path.join(scalarRoot, 'dist/browser/standalone.js') };
}
const { version: scalarVersion, file: SCALAR_FILE } = findScalar();
/** Named by the package's version: a new version is a new address, so the file may be cached for good. */
export const SCALAR_PATH = `/api-reference/scalar-${scalarVersion}.js`;

/** Scalar's options: the document from here, no fonts, telemetry, AI agent or MCP from elsewhere. */
const SCALAR_CONFIGURATION = {
  url: OPENAPI_PATH,
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  documentDownloadType: 'json',
  persistAuth: false,
  hideDarkModeToggle: false,
  metaData: { title: 'Parcel portal API reference' },
};

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function docsPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Parcel portal API reference</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<noscript>The reference needs JavaScript. The document itself: <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</noscript>
<script id="api-reference" type="application/json" data-url="${OPENAPI_PATH}" data-configuration="${escapeAttribute(JSON.stringify(SCALAR_CONFIGURATION))}"></script>
<script src="${SCALAR_PATH}"></script>
</body>
</html>
`;
}

/** The docs page's Content-Security-Policy: the app's own, with inline styles allowed (Scalar's run-time styles). */
export function docsContentSecurityPolicy(appPolicy: string): string {
  return appPolicy
    .split(';')
    .map((directive) => directive.trim())
    .map((directive) => (directive.startsWith('style-src ') ? `${directive} 'unsafe-inline'` : directive))
    .join(';');
}

/** The bundle as a built file (sendBuiltFile: ETag, conditional requests, ranges), compressed once off the event loop. */
async function scalarBundle(): Promise<BuiltFile> {
  const body = readFileSync(SCALAR_FILE);
  const modified = statSync(SCALAR_FILE).mtime;
  const lastModified = modified.toUTCString();
  const tag = createHash('sha256').update(body).digest('base64url').slice(0, 16);
  const representation = (bytes: Buffer, encoding?: 'br' | 'gzip') => {
    const etag = `"${tag}${encoding ? `-${encoding}` : ''}"`;
    return {
      body: bytes,
      etag,
      lastModified,
      lastModifiedMs: Date.parse(lastModified),
      headers: {
        'accept-ranges': 'bytes',
        'cache-control': 'public, max-age=31536000, immutable',
        'content-type': 'text/javascript; charset=utf-8',
        ...(encoding ? { 'content-encoding': encoding } : {}),
        etag,
        'last-modified': lastModified,
        vary: 'accept-encoding',
      },
    };
  };
  const [br, gz] = await Promise.all([
    promisify(brotliCompress)(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    promisify(gzip)(body),
  ]);
  return { urlPath: SCALAR_PATH, identity: representation(body), br: representation(br, 'br'), gzip: representation(gz, 'gzip') };
}

export async function apiReference(app: FastifyInstance, { publicUrl }: { publicUrl?: string | undefined }) {
  const document = JSON.stringify(openApiDocument({ serverUrl: publicUrl }));
  const etag = `"${createHash('sha256').update(document).digest('base64url').slice(0, 22)}"`;

  app.get(OPENAPI_PATH, { config: { access: 'public' } }, async (request, reply) => {
    reply.header('etag', etag);
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((value) => value.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(document);
  });

  const page = docsPage();
  app.get(DOCS_PATH, { config: { access: 'public' } }, async (_request, reply) => {
    const appPolicy = reply.getHeader('content-security-policy');
    if (typeof appPolicy === 'string') reply.header('content-security-policy', docsContentSecurityPolicy(appPolicy));
    return reply.type('text/html; charset=utf-8').send(page);
  });

  let bundle: Promise<BuiltFile> | null = null;
  app.get(SCALAR_PATH, { config: { public: true }, compress: false }, async (request, reply) => {
    bundle ??= scalarBundle().catch((error: unknown) => {
      bundle = null;
      throw error;
    });
    return sendBuiltFile(request, reply, await bundle);
  });
}
