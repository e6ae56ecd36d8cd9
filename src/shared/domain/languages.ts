// The portal's languages. `code` is the app's own code (storage, URLs, catalog folders);
// `intl` is the BCP 47 tag for Intl, plural rules and <html lang> (`cz` is a country, not a language).

export const LANGUAGES = [
  { code: 'en', intl: 'en', name: 'English' },
  { code: 'sk', intl: 'sk', name: 'Slovenčina' },
  { code: 'de', intl: 'de', name: 'Deutsch' },
  { code: 'cz', intl: 'cs', name: 'Čeština' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as LanguageCode[];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as string[]).includes(value);
}

export function intlTag(code: LanguageCode): string {
  return LANGUAGES.find((l) => l.code === code)?.intl ?? code;
}

/** Picks the best portal language from an Accept-Language header (`cs` maps to `cz`). */
export function languageFromAcceptLanguage(header: string | undefined): LanguageCode {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    // q=0 means "not acceptable" (RFC 9110).
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const primary = tag.split('-')[0];
    const match = LANGUAGES.find((l) => l.code === primary || l.intl === primary);
    if (match) return match.code;
  }
  return DEFAULT_LANGUAGE;
}
