import { intlTag, type LanguageCode } from '#shared/domain/languages.ts';

const cache = new Map<string, Intl.DisplayNames>();

/** A country's name in the user's language (Intl, no catalog needed): "SK" -> "Slovensko". */
export function countryName(code: string, language: LanguageCode): string {
  const tag = intlTag(language);
  let names = cache.get(tag);
  if (!names) {
    names = new Intl.DisplayNames([tag], { type: 'region' });
    cache.set(tag, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
