import { useLingui } from '@lingui/react/macro';
import { LANGUAGES, type LanguageCode } from '#shared/domain/languages.ts';

/**
 * The language choice of a page the server renders: a link per language (the page again in it),
 * where the app has its switcher. Short codes fit a phone's header; each link's name is the
 * language's own.
 */
export function LanguageLinks({ current, hrefs }: { current: LanguageCode; hrefs: Record<LanguageCode, string> }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Language`}>
      <ul className="flex gap-0.5">
        {LANGUAGES.map((language) => (
          <li key={language.code}>
            <a
              href={hrefs[language.code]}
              hrefLang={language.intl}
              lang={language.intl}
              aria-current={language.code === current ? 'true' : undefined}
              className={`btn btn-sm px-2 ${language.code === current ? 'btn-soft btn-primary' : 'btn-ghost'}`}
            >
              <span aria-hidden="true">{language.code.toUpperCase()}</span>
              <span className="sr-only">{language.name}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
