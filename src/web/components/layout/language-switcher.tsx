import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { LANGUAGES, type LanguageCode } from '#shared/domain/languages.ts';
import { currentLanguage, loadLanguage } from '#web/lib/i18n.ts';
import { showToast } from '../ui/toast-store.ts';

export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const active = currentLanguage();

  async function change(code: LanguageCode) {
    setBusy(true);
    const ok = await loadLanguage(code);
    setBusy(false);
    if (!ok) showToast(t`The language could not be loaded. Check your connection and try again.`, 'error');
  }

  return (
    <label className={`flex items-center gap-2 ${className}`}>
      <span className="sr-only">{t`Language`}</span>
      <select className="select select-sm w-auto" aria-label={t`Language`} value={active} disabled={busy} onChange={(e) => void change(e.target.value as LanguageCode)}>
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.intl}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
}
