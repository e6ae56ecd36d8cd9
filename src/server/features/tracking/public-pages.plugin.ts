// The public tracking pages, rendered here (issue 19): /package/tracking and
// /shipment/track/{tracking_number} answer a phone's first visit with the page itself (the
// parcel's timeline in the first HTML, no JavaScript before its first paint) and a redirect. Each lookup goes through the
// API route in-process (`inject`, from the visitor's address and in the page's language): the
// same rate limit, postal-code brake, cache and answer as every other client, so the page never shows
// what the API would refuse. The markup comes from the web app's components (the renderer built
// into dist/.ssr, shared/contract/public-pages.ts); the frame is the build's index.html. Without a
// build or its renderer these addresses get the app's index.html, as every page does.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { I18n } from '@lingui/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBodySchema, type ErrorBody } from '#shared/contract/errors.ts';
import {
  OFFLINE_TRACKING_PATH,
  PAGE_LANGUAGE_PARAM,
  PUBLIC_PAGES_MODULE,
  TRACKING_OFFLINE_SCRIPT,
  type LookupAnswer,
  type PublicPagesRenderer,
  type RenderedPage,
} from '#shared/contract/public-pages.ts';
import { PUBLIC_TRACKING_PATH, TRACK_PATH } from '#shared/contract/tracking-paths.ts';
import { publicTrackingSchema, publicTrackAnswerSchema } from '#shared/contract/tracking.ts';
import { intlTag, isLanguageCode, LANGUAGE_CODES, languageFromAcceptLanguage, type LanguageCode } from '#shared/domain/languages.ts';
import { normalizeTrackingNumber, trackingSearchFromQueryString, trackingSearchToQueryString, type TrackingSearch } from '#shared/domain/tracking-search.ts';
import { innerRequestHeader } from '#server/http/inner-requests.ts';
import { i18nFor } from '#server/i18n.ts';
import { pageTemplate, type PageContent } from './page-template.ts';
import { PORTAL_TRACKING_PATH } from './tracking-link.ts';

export interface PublicPagesOptions {
  /** The web build's folder (index.html, and the renderer under .ssr/). */
  root: string;
  /** The renderer itself (tests: the source module); default: the build's. */
  renderer?: PublicPagesRenderer<I18n> | undefined;
}

const TRACK_REDIRECT_PATH = '/shipment/track/:tracking_number';
/** Rendered pages kept (~6 KB each): the parcels a crowd is asking for at once. */
const RENDERED_PAGES_KEPT = 1_000;

/** The build's renderer, or null without one (a build from before it, or none). */
async function builtRenderer(root: string): Promise<PublicPagesRenderer<I18n> | null> {
  const file = path.join(root, PUBLIC_PAGES_MODULE);
  if (!existsSync(file)) return null;
  const loaded = (await import(pathToFileURL(file).href)) as Partial<PublicPagesRenderer<I18n>>;
  const { renderPackageTrackingPage, renderTrackLinkFailedPage } = loaded;
  if (typeof renderPackageTrackingPage !== 'function' || typeof renderTrackLinkFailedPage !== 'function') throw new Error(`${file} is not the public pages' renderer`);
  return { renderPackageTrackingPage, renderTrackLinkFailedPage };
}

/** The language asked for with ?lang=, if any. */
function chosenLanguageOf(params: URLSearchParams): LanguageCode | null {
  const value = params.get(PAGE_LANGUAGE_PARAM);
  return isLanguageCode(value) ? value : null;
}

/** An address with its query, the language last (omitted when none was chosen). */
function withLanguage(pathname: string, query: string, language: LanguageCode | null): string {
  if (!language) return `${pathname}${query}`;
  return `${pathname}${query ? `${query}&` : '?'}${PAGE_LANGUAGE_PARAM}=${language}`;
}

const languageHrefs = (href: (code: LanguageCode) => string) => Object.fromEntries(LANGUAGE_CODES.map((code) => [code, href(code)])) as Record<LanguageCode, string>;

export async function publicPages(app: FastifyInstance, { root, renderer: given }: PublicPagesOptions) {
  const indexFile = path.join(root, 'index.html');
  const template = root !== '' && existsSync(indexFile) ? pageTemplate(readFileSync(indexFile, 'utf8')) : null;
  const renderer = given ?? (root !== '' ? await builtRenderer(root) : null);
  if (!template || !renderer) {
    if (template) app.log.warn(`no public pages' renderer in ${path.join(root, PUBLIC_PAGES_MODULE)}: the public tracking pages load the app (npm run build makes it)`);
    return;
  }

  /** The API's answer to a lookup, asked as the visitor (their address, their bearer if any) in the page's language. */
  const ask = (request: FastifyRequest, url: string, language: LanguageCode) =>
    app.inject({
      method: 'GET',
      url,
      remoteAddress: request.ip,
      headers: {
        ...innerRequestHeader,
        'accept-language': intlTag(language),
        host: request.host,
        ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
      },
    });

  /** A refused lookup as the page shows it: the status, and the error body when it is one. */
  const failure = (statusCode: number, body: string): { httpStatus: number; body: ErrorBody | null } => {
    let json: unknown = null;
    try {
      json = JSON.parse(body);
    } catch {
      // not JSON: the status says enough
    }
    const parsed = errorBodySchema.safeParse(json);
    return { httpStatus: statusCode, body: parsed.success ? parsed.data : null };
  };

  const htmlOf = (language: LanguageCode, page: RenderedPage) => template({ lang: intlTag(language), title: page.title, html: page.html } satisfies PageContent);
  /**
   * /package/tracking's pages with the one script they load (README note 125): deferred, from our
   * origin (the CSP's script-src 'self'), it waits for the page's load and registers the tracking
   * page's own service worker, which keeps the last status views for offline. Nothing runs before
   * the first paint. Only when the build has it (public/tracking-offline.js).
   */
  const offlineScript = existsSync(path.join(root, TRACKING_OFFLINE_SCRIPT.slice(1))) ? `<script src="${TRACKING_OFFLINE_SCRIPT}" defer></script>` : '';
  const trackingHtmlOf = (language: LanguageCode, page: RenderedPage) => htmlOf(language, page).replace('</head>', `${offlineScript}</head>`);

  /**
   * A page with personal data (the full view: destination, places, partner; or a postal code in
   * its form) is kept by no cache at all, not even the browser's (issue 30); the status view may
   * be kept by the browser as long as it asks again before showing it.
   */
  const send = (reply: FastifyReply, statusCode: number, html: string, retryAfter: string | undefined, personal: boolean) => {
    if (retryAfter) reply.header('retry-after', retryAfter);
    // The page depends on the browser's language unless one was picked; a lookup's answer changes with the parcel.
    return reply
      .code(statusCode)
      .type('text/html; charset=utf-8')
      .header('cache-control', personal ? 'no-store' : 'private, no-cache')
      .header('vary', 'accept-language')
      .send(html);
  };

  /**
   * Pages as rendered, by everything they are made of: the language, the search as read, and the
   * API's answer as sent (its text, which changes with every event of the parcel). React renders a
   * result page in ~1.5 ms, twenty times the lookup's cost: a crowd asking for one parcel gets the
   * page rendered once. Least recently used first out.
   */
  const rendered = new Map<string, string>();
  const renderedPage = (key: string, render: () => string): string => {
    let html = rendered.get(key);
    if (html !== undefined) {
      rendered.delete(key);
    } else {
      html = render();
      if (rendered.size >= RENDERED_PAGES_KEPT) rendered.delete(rendered.keys().next().value!);
    }
    rendered.set(key, html);
    return html;
  };

  app.get(PORTAL_TRACKING_PATH, { config: { public: true } }, async (request, reply) => {
    const queryAt = request.url.indexOf('?');
    const query = queryAt < 0 ? '' : request.url.slice(queryAt + 1);
    const params = new URLSearchParams(query);
    const chosenLanguage = chosenLanguageOf(params);
    const language = chosenLanguage ?? languageFromAcceptLanguage(request.headers['accept-language']);
    const search: TrackingSearch = trackingSearchFromQueryString(query);
    const submitted = params.has('tracking_number');
    const numberMissing = submitted && normalizeTrackingNumber(params.get('tracking_number') ?? '') === '';

    // The API's answer: none without a number; a number longer than any is no one's.
    let lookup: { statusCode: number; body: string; retryAfter: string | undefined } | null = null;
    if (search.tracking_number) {
      const zip = search.zip ? `?zip=${encodeURIComponent(search.zip)}` : '';
      const res = await ask(request, `${PUBLIC_TRACKING_PATH.replace(':tracking_number', encodeURIComponent(search.tracking_number))}${zip}`, language);
      lookup = { statusCode: res.statusCode, body: res.body, retryAfter: typeof res.headers['retry-after'] === 'string' ? res.headers['retry-after'] : undefined };
    } else if (submitted && !numberMissing) {
      lookup = { statusCode: 404, body: '', retryAfter: undefined };
    }

    const render = (): string => {
      let answer: LookupAnswer | null = null;
      if (lookup) {
        const found = lookup.statusCode === 200 ? publicTrackingSchema.safeParse(JSON.parse(lookup.body)) : null;
        answer = found?.success ? { status: 'found', tracking: found.data } : { status: 'failed', ...failure(lookup.statusCode === 200 ? 502 : lookup.statusCode, lookup.body) };
      }
      const href = (code: LanguageCode | null, of: TrackingSearch = search) => withLanguage(PORTAL_TRACKING_PATH, trackingSearchToQueryString(of), code);
      const page = renderer.renderPackageTrackingPage({
        i18n: i18nFor(language),
        language,
        chosenLanguage,
        languageHrefs: languageHrefs((code) => href(code)),
        search,
        numberMissing,
        answer,
        selfHref: href(chosenLanguage),
        withoutZipHref: search.tracking_number && search.zip ? href(chosenLanguage, { tracking_number: search.tracking_number }) : null,
      });
      return trackingHtmlOf(language, page);
    };
    const key = JSON.stringify([language, chosenLanguage, search.tracking_number ?? null, search.zip ?? null, numberMissing, lookup?.statusCode ?? null, lookup?.body ?? null]);
    const html = renderedPage(key, render);
    const statusCode = numberMissing ? 400 : lookup && lookup.statusCode !== 200 ? lookup.statusCode : 200;
    return send(reply, statusCode, html, lookup?.retryAfter, Boolean(search.zip) || (lookup?.statusCode === 200 && isFullView(lookup.body)));
  });

  /**
   * The page the tracking page's service worker keeps for offline (note 125): the form and "cannot
   * be looked up offline" in the page's language (`?lang=`, else the browser's), no lookup. It holds
   * nothing of any parcel; the worker fills in the number asked for.
   */
  app.get(OFFLINE_TRACKING_PATH, { config: { public: true } }, async (request, reply) => {
    const queryAt = request.url.indexOf('?');
    const chosenLanguage = chosenLanguageOf(new URLSearchParams(queryAt < 0 ? '' : request.url.slice(queryAt + 1)));
    const language = chosenLanguage ?? languageFromAcceptLanguage(request.headers['accept-language']);
    // Without the script: a page only the worker shows needs no registration.
    const html = renderedPage(JSON.stringify(['offline', language, chosenLanguage]), () =>
      htmlOf(
        language,
        renderer.renderPackageTrackingPage({
          i18n: i18nFor(language),
          language,
          chosenLanguage,
          languageHrefs: languageHrefs((code) => withLanguage(PORTAL_TRACKING_PATH, '', code)),
          search: {},
          numberMissing: false,
          answer: null,
          selfHref: withLanguage(PORTAL_TRACKING_PATH, '', chosenLanguage),
          withoutZipHref: null,
          offline: true,
        }),
      ),
    );
    return send(reply, 200, html, undefined, false);
  });

  app.get<{ Params: { tracking_number: string } }>(TRACK_REDIRECT_PATH, { config: { public: true } }, async (request, reply) => {
    const trackingNumber = request.params.tracking_number;
    const queryAt = request.url.indexOf('?');
    const chosenLanguage = chosenLanguageOf(new URLSearchParams(queryAt < 0 ? '' : request.url.slice(queryAt + 1)));
    const language = chosenLanguage ?? languageFromAcceptLanguage(request.headers['accept-language']);
    const res = await ask(request, `${TRACK_PATH}?tracking_number=${encodeURIComponent(trackingNumber)}`, language);
    const link = res.statusCode === 200 ? followable(publicTrackAnswerSchema.safeParse(res.json()).data?.tracking_link, request) : null;
    // The owner (a bearer) may be sent to the partner's page, which a stranger is not shown.
    if (link) return reply.code(302).header('location', link).header('cache-control', request.headers.authorization ? 'no-store' : 'private, no-cache').send();

    // No link (an unknown parcel), or the lookup was refused (too many, unavailable).
    const failed = res.statusCode === 200 ? { httpStatus: 404, body: null } : failure(res.statusCode, res.body);
    const self = `/shipment/track/${encodeURIComponent(trackingNumber)}`;
    const page = renderer.renderTrackLinkFailedPage({
      i18n: i18nFor(language),
      language,
      chosenLanguage,
      languageHrefs: languageHrefs((code) => withLanguage(self, '', code)),
      trackingNumber,
      httpStatus: failed.httpStatus,
      body: failed.body,
      searchHref: withLanguage(PORTAL_TRACKING_PATH, '', chosenLanguage),
    });
    const retryAfter = typeof res.headers['retry-after'] === 'string' ? res.headers['retry-after'] : undefined;
    return send(reply, failed.httpStatus, htmlOf(language, page), retryAfter, false);
  });
}

/** The lookup's answer is the full view (the postal code was accepted, or the owner asked). */
function isFullView(body: string): boolean {
  try {
    return (JSON.parse(body) as { view?: unknown }).view !== 'status';
  } catch {
    return true;
  }
}

/**
 * A link the browser may be sent to: http(s) only (never `javascript:` or the like). The portal's
 * own page becomes a path, so the browser stays on the address it came by (the lookup runs
 * in-process, where the scheme is always http).
 */
function followable(link: string | undefined, request: FastifyRequest): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.origin === new URL(`http://${request.host}`).origin ? `${url.pathname}${url.search}` : url.href;
  } catch {
    return null;
  }
}
