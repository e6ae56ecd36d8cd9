// Lingui runtime: one language at a time, loaded on switch from this release's own catalog
// (/locales/{lang}.{hash}.json, named by its content at build time: a tab of an earlier release
// never gets a later release's message ids). The choice is kept in localStorage `language` and
// set on <html lang> (`cs` for cz). A failed load is logged and leaves the language unchanged.
import { i18n } from '@lingui/core';
import { catalogUrls } from 'virtual:portal-locale-urls';
import { DEFAULT_LANGUAGE, intlTag, isLanguageCode, type LanguageCode } from '#shared/domain/languages.ts';
import { LANGUAGE_KEY, takeEarlyCatalog } from './early-catalog.ts';

export { LANGUAGE_KEY };

export function storedLanguage(): LanguageCode {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return isLanguageCode(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function currentLanguage(): LanguageCode {
  return isLanguageCode(i18n.locale) ? i18n.locale : storedLanguage();
}

/**
 * Loads and activates a language; false (language unchanged) when its file cannot be loaded.
 * `remember`: kept as the choice (a stand-in while the chosen one cannot load is not).
 */
export async function loadLanguage(code: LanguageCode, fetcher: typeof fetch = fetch, remember = true): Promise<boolean> {
  try {
    const response = await (takeEarlyCatalog(catalogUrls[code]) ?? fetcher(catalogUrls[code]));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const { messages } = (await response.json()) as { messages: Record<string, string | string[]> };
    i18n.load(code, messages);
    i18n.activate(code, [intlTag(code)]);
    if (remember) localStorage.setItem(LANGUAGE_KEY, code);
    document.documentElement.lang = intlTag(code);
    return true;
  } catch (error) {
    console.error(`Could not load language "${code}"`, error);
    return false;
  }
}

/**
 * At start: the stored language, else English. The stored one is tried twice (a request lost while
 * a new service worker takes over the page); should it still fail, English stands in for this
 * visit only: the user's choice stays stored for the next start. A start never writes the choice:
 * one that finished after another tab (or a test) had stored a language overwrote it with its own.
 */
export async function initLanguage(fetcher: typeof fetch = fetch): Promise<LanguageCode> {
  const wanted = storedLanguage();
  if ((await loadLanguage(wanted, fetcher, false)) || (await loadLanguage(wanted, fetcher, false))) return wanted;
  if (wanted !== DEFAULT_LANGUAGE && (await loadLanguage(DEFAULT_LANGUAGE, fetcher, false))) return DEFAULT_LANGUAGE;
  // Nothing could be loaded (first visit, offline): activate English with the source messages.
  i18n.loadAndActivate({ locale: DEFAULT_LANGUAGE, locales: [DEFAULT_LANGUAGE], messages: {} });
  return DEFAULT_LANGUAGE;
}

export { i18n };
