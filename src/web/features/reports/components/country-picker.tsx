import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState } from 'react';
import { COUNTRY_CODES } from '#shared/domain/countries.ts';
import { foldText } from '#shared/domain/text-fold.ts';
import { countryName } from '#web/lib/country-names.ts';
import { currentLanguage } from '#web/lib/i18n.ts';

/** Several destination countries (none = every one): a searchable list of checkboxes, the chosen ones as removable chips. */
export function CountryPicker({ value, onChange }: { value: readonly string[]; onChange: (countries: string[]) => void }) {
  const { t } = useLingui();
  const id = useId();
  const [filter, setFilter] = useState('');
  const language = currentLanguage();
  const countries = useMemo(() => COUNTRY_CODES.map((code) => ({ code, name: countryName(code, language) })).sort((a, b) => a.name.localeCompare(b.name, language)), [language]);
  const needle = foldText(filter.trim());
  const shown = needle ? countries.filter((c) => foldText(c.name).includes(needle) || c.code.toLowerCase() === needle) : countries;
  const toggle = (code: string) => onChange(value.includes(code) ? value.filter((c) => c !== code) : [...value, code]);

  return (
    <fieldset className="fieldset min-w-0">
      <legend className="fieldset-legend">
        <Trans>Destination countries</Trans>
      </legend>
      <div className="flex min-h-8 flex-wrap items-center gap-1" aria-live="polite">
        {value.length === 0 && (
          <span className="text-sm text-base-content/70">
            <Trans>All countries</Trans>
          </span>
        )}
        {value.map((code) => (
          <button key={code} type="button" className="badge badge-primary gap-1" onClick={() => toggle(code)} aria-label={t`Remove ${countryName(code, language)}`}>
            {countryName(code, language)} <span aria-hidden="true">×</span>
          </button>
        ))}
      </div>
      <input
        id={`${id}-filter`}
        type="search"
        className="input input-sm w-full"
        placeholder={t`Find a country`}
        aria-label={t`Find a country`}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <ul className="max-h-48 overflow-y-auto rounded-box border border-base-300 p-1" aria-label={t`Destination countries`}>
        {shown.map((c) => (
          <li key={c.code}>
            <label className="flex cursor-pointer items-center gap-2 rounded px-2 py-1 hover:bg-base-200">
              <input type="checkbox" className="checkbox checkbox-sm" checked={value.includes(c.code)} onChange={() => toggle(c.code)} />
              <span className="min-w-0 break-words">{c.name}</span>
              <span className="ms-auto font-mono text-xs text-base-content/60">{c.code}</span>
            </label>
          </li>
        ))}
        {shown.length === 0 && (
          <li className="px-2 py-1 text-sm text-base-content/70">
            <Trans>No country matches.</Trans>
          </li>
        )}
      </ul>
    </fieldset>
  );
}
