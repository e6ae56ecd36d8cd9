// The language file is the first thing every page waits for (without it a build shows bare message
// ids). main.tsx asks for it at once, beside the app's code, instead of after that code has loaded
// and run (a round trip sooner on a slow link); loadLanguage then takes this answer. Kept free of
// Lingui, so the entry stays small.
import { catalogUrls } from 'virtual:portal-locale-urls';

/** localStorage key of the chosen language. */
export const LANGUAGE_KEY = 'language';

let early: { url: string; response: Promise<Response> } | null = null;

/** Starts loading the stored language's file (English when none or unknown). */
export function fetchCatalogEarly(): void {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LANGUAGE_KEY);
  } catch {
    // Storage refused (private mode): English, as lib/i18n.ts decides too.
  }
  const url = (stored !== null && Object.hasOwn(catalogUrls, stored) ? catalogUrls[stored as keyof typeof catalogUrls] : undefined) ?? catalogUrls.en;
  const response = fetch(url);
  // Whoever takes it handles a failure; an untaken one must not be reported as unhandled.
  response.catch(() => undefined);
  early = { url, response };
}

/** The early answer for `url`, once; null when none was started for it. */
export function takeEarlyCatalog(url: string): Promise<Response> | null {
  if (early?.url !== url) return null;
  const { response } = early;
  early = null;
  return response;
}
