import { describe, expect, it } from 'vitest';
import { intlTag, isLanguageCode, LANGUAGE_CODES, languageFromAcceptLanguage } from './languages.ts';

describe('languageFromAcceptLanguage', () => {
  it("maps Czech 'cs-CZ' to the app's code 'cz'", () => {
    expect(languageFromAcceptLanguage('cs-CZ')).toBe('cz');
  });

  it("picks 'de' from 'de-AT,de;q=0.9'", () => {
    expect(languageFromAcceptLanguage('de-AT,de;q=0.9')).toBe('de');
  });

  it('prefers the language with the higher q-value, whatever the order in the header', () => {
    expect(languageFromAcceptLanguage('de;q=0.5, sk;q=0.9, cs;q=0.7')).toBe('sk');
  });

  it('treats a language without q as q=1', () => {
    expect(languageFromAcceptLanguage('sk;q=0.8, de')).toBe('de');
  });

  it('skips unknown languages and takes the next supported one', () => {
    expect(languageFromAcceptLanguage('fr-FR, fr;q=0.9, sk;q=0.8, en;q=0.7')).toBe('sk');
  });

  it('matches case-insensitively', () => {
    expect(languageFromAcceptLanguage('SK-sk')).toBe('sk');
  });

  it("falls back to 'en' when no language is supported", () => {
    expect(languageFromAcceptLanguage('fr-FR, ja;q=0.5')).toBe('en');
  });

  it("falls back to 'en' when the header is missing", () => {
    expect(languageFromAcceptLanguage(undefined)).toBe('en');
  });

  it("falls back to 'en' when the header is empty", () => {
    expect(languageFromAcceptLanguage('')).toBe('en');
  });
});

describe('intlTag', () => {
  it("gives 'cs' for 'cz'", () => {
    expect(intlTag('cz')).toBe('cs');
  });

  it('gives the code itself for en, sk and de', () => {
    expect((['en', 'sk', 'de'] as const).map((code) => intlTag(code))).toEqual(['en', 'sk', 'de']);
  });
});

describe('language codes', () => {
  it('are en, sk, de and cz', () => {
    expect(LANGUAGE_CODES).toEqual(['en', 'sk', 'de', 'cz']);
  });

  it("do not include the BCP 47 tag 'cs'", () => {
    expect(isLanguageCode('cs')).toBe(false);
  });
});
