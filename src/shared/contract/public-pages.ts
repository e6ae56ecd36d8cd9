// The public tracking pages the server renders (issue 19: no JavaScript on a first visit, the
// answer in the first HTML). The server looks the parcel up through its own API route (the same
// rate limit, postal-code brake and cache as every client) and hands the answer to the web app's
// renderer, src/web/features/tracking/public-pages-ssr.tsx, built by `vite build --ssr` into
// dist/.ssr/public-pages.js. This is what the two agree on; `I18n` is Lingui's instance (shared
// code imports only zod: each side names the type).
import type { LanguageCode } from '../domain/languages.ts';
import type { ErrorBody } from './errors.ts';
import type { PublicTracking } from './tracking.ts';

/** The built renderer's file, under the web build's folder (a dot folder: never served). */
export const PUBLIC_PAGES_MODULE = '.ssr/public-pages.js';

/** The page the tracking pages' service worker keeps for a lookup it cannot make offline (note 125). */
export const OFFLINE_TRACKING_PATH = '/package/tracking/offline';

/** The tracking page's script (registers its service worker after load) and the worker (public/). */
export const TRACKING_OFFLINE_SCRIPT = '/tracking-offline.js';
export const TRACKING_SERVICE_WORKER = '/tracking-sw.js';

/** The query parameter of a language picked on a public page (kept by its links and its form). */
export const PAGE_LANGUAGE_PARAM = 'lang';

/** The zone a server-rendered page shows times in: it cannot know the reader's (labels use it too). */
export const PUBLIC_PAGE_TIME_ZONE = 'Europe/Bratislava';

export interface PublicPageFrame<I18n> {
  /** Activated in the page's language, the portal's catalog loaded. */
  i18n: I18n;
  language: LanguageCode;
  /** The language picked on the page (`?lang=`), kept by its form; null: the browser's. */
  chosenLanguage: LanguageCode | null;
  /** This page's address in each language. */
  languageHrefs: Record<LanguageCode, string>;
}

/** What the API answered a lookup: the parcel, or its error status and body. */
export type LookupAnswer = { status: 'found'; tracking: PublicTracking } | { status: 'failed'; httpStatus: number; body: ErrorBody | null };

export interface PackageTrackingPageInput<I18n> extends PublicPageFrame<I18n> {
  search: { tracking_number?: string; zip?: string };
  /** A search was submitted without a tracking number. */
  numberMissing: boolean;
  /** Null: no search yet (the empty form). */
  answer: LookupAnswer | null;
  /** This page again (Try again). */
  selfHref: string;
  /** The same search without the postal code (after too many wrong ones), when it had one. */
  withoutZipHref: string | null;
  /**
   * The page the tracking page's service worker shows offline for a number it has not kept (README
   * note 125): the form and "cannot be looked up offline", no lookup.
   */
  offline?: boolean;
}

export interface TrackLinkFailedPageInput<I18n> extends PublicPageFrame<I18n> {
  trackingNumber: string;
  httpStatus: number;
  body: ErrorBody | null;
  /** The search page, in the page's chosen language. */
  searchHref: string;
}

export interface RenderedPage {
  /** The document's title, as text. */
  title: string;
  /** The markup of the app's root element. */
  html: string;
}

export interface PublicPagesRenderer<I18n> {
  renderPackageTrackingPage(input: PackageTrackingPageInput<I18n>): RenderedPage;
  renderTrackLinkFailedPage(input: TrackLinkFailedPageInput<I18n>): RenderedPage;
}
