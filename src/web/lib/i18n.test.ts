import { catalogUrls } from 'virtual:portal-locale-urls';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initLanguage, LANGUAGE_KEY, loadLanguage, storedLanguage } from './i18n.ts';

// Compiled catalogs as `lingui compile` writes them: {messages: {id: compiled message}}.
const catalogs: Record<string, Record<string, string[]>> = {
  en: { greeting: ['Hello'] },
  sk: { greeting: ['Ahoj'] },
  de: { greeting: ['Hallo'] },
  cz: { greeting: ['Nazdar'] },
};

/** A fetcher serving /locales/{code}.json and /locales/{code}.{hash}.json for the codes not listed in `failing`. */
function localesFetcher(failing: Record<string, 'reject' | 404> = {}) {
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const code = /^\/locales\/([a-z]+)\./.exec(url)?.[1] ?? '';
    if (failing[code] === 'reject') throw new TypeError('Failed to fetch');
    const messages = catalogs[code];
    if (failing[code] === 404 || !messages) return new Response('Not found', { status: 404 });
    return new Response(JSON.stringify({ messages }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  localStorage.clear();
  // Every test starts in English with nothing stored.
  expect(await loadLanguage('en', localesFetcher())).toBe(true);
  localStorage.clear();
  document.documentElement.lang = 'en';
  consoleError.mockClear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('storedLanguage', () => {
  it('defaults to en when nothing is stored', () => {
    expect(storedLanguage()).toBe('en');
  });

  it('returns a stored valid code', () => {
    localStorage.setItem(LANGUAGE_KEY, 'cz');

    expect(storedLanguage()).toBe('cz');
  });

  it('ignores an invalid stored value', () => {
    localStorage.setItem(LANGUAGE_KEY, 'cs');

    expect(storedLanguage()).toBe('en');
  });
});

describe('loadLanguage', () => {
  it("fetches the language's catalog of this release (virtual:portal-locale-urls)", async () => {
    const fetcher = localesFetcher();

    await loadLanguage('de', fetcher);

    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher.mock.calls[0]?.[0]).toBe(catalogUrls.de);
  });

  it('fetches /locales/{code}.json in the dev server and the tests', () => {
    expect(catalogUrls).toEqual({ en: '/locales/en.json', sk: '/locales/sk.json', de: '/locales/de.json', cz: '/locales/cz.json' });
  });

  it('activates the loaded language and its messages', async () => {
    expect(await loadLanguage('sk', localesFetcher())).toBe(true);

    expect(i18n.locale).toBe('sk');
    expect(i18n._('greeting')).toBe('Ahoj');
  });

  it('stores the choice in localStorage "language"', async () => {
    await loadLanguage('de', localesFetcher());

    expect(localStorage.getItem('language')).toBe('de');
  });

  it('sets <html lang> to the language', async () => {
    await loadLanguage('sk', localesFetcher());

    expect(document.documentElement.lang).toBe('sk');
  });

  it('sets <html lang> to "cs" for cz', async () => {
    await loadLanguage('cz', localesFetcher());

    expect(document.documentElement.lang).toBe('cs');
    expect(i18n.locale).toBe('cz');
  });

  it('returns false and logs when the fetch rejects', async () => {
    expect(await loadLanguage('de', localesFetcher({ de: 'reject' }))).toBe(false);

    expect(consoleError).toHaveBeenCalled();
  });

  it('returns false and logs when the file answers HTTP 404', async () => {
    expect(await loadLanguage('de', localesFetcher({ de: 404 }))).toBe(false);

    expect(consoleError).toHaveBeenCalled();
  });

  it('leaves the active language, its messages, the stored value and <html lang> unchanged when the fetch rejects', async () => {
    await loadLanguage('sk', localesFetcher());

    await loadLanguage('de', localesFetcher({ de: 'reject' }));

    expect(i18n.locale).toBe('sk');
    expect(i18n._('greeting')).toBe('Ahoj');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('sk');
    expect(document.documentElement.lang).toBe('sk');
  });

  it('leaves the active language and the stored value unchanged when the file answers HTTP 404', async () => {
    await loadLanguage('cz', localesFetcher());

    await loadLanguage('de', localesFetcher({ de: 404 }));

    expect(i18n.locale).toBe('cz');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('cz');
    expect(document.documentElement.lang).toBe('cs');
  });
});

describe('initLanguage', () => {
  it('loads English when nothing is stored, and stores nothing', async () => {
    const fetcher = localesFetcher();

    expect(await initLanguage(fetcher)).toBe('en');

    expect(fetcher.mock.calls.map((c) => c[0])).toEqual([catalogUrls.en]);
    expect(i18n.locale).toBe('en');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBeNull();
  });

  it('never overwrites a language stored while it was loading (another tab chose one)', async () => {
    let answer!: (response: Response) => void;
    const fetcher = vi.fn<typeof fetch>(() => new Promise<Response>((resolve) => (answer = resolve)));
    const started = initLanguage(fetcher);
    localStorage.setItem(LANGUAGE_KEY, 'de');
    answer(new Response(JSON.stringify({ messages: catalogs.en }), { status: 200 }));

    expect(await started).toBe('en');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('de');
  });

  it('loads the stored language', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'de');

    expect(await initLanguage(localesFetcher())).toBe('de');

    expect(i18n.locale).toBe('de');
    expect(i18n._('greeting')).toBe('Hallo');
  });

  it('falls back to English for this visit when the stored language fails to load twice, and keeps the choice', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'de');
    const fetcher = localesFetcher({ de: 404 });

    expect(await initLanguage(fetcher)).toBe('en');

    expect(fetcher.mock.calls.map((c) => c[0])).toEqual([catalogUrls.de, catalogUrls.de, catalogUrls.en]);
    expect(i18n.locale).toBe('en');
    expect(i18n._('greeting')).toBe('Hello');
    expect(consoleError).toHaveBeenCalled();
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('de');
  });

  it('loads the stored language when its first request is lost', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'sk');
    const working = localesFetcher();
    const fetcher = vi.fn<typeof fetch>().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockImplementation(working);

    expect(await initLanguage(fetcher)).toBe('sk');

    expect(i18n._('greeting')).toBe('Ahoj');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('sk');
  });

  it('activates English with the source messages when no file can be loaded', async () => {
    await loadLanguage('sk', localesFetcher());

    expect(await initLanguage(localesFetcher({ sk: 'reject', en: 'reject' }))).toBe('en');

    expect(i18n.locale).toBe('en');
  });
});
