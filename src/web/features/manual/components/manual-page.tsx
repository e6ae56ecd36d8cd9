import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { isLanguageCode, DEFAULT_LANGUAGE } from '#shared/domain/languages.ts';
import { ListError } from '#web/components/ui/list-states.tsx';
import { useManual } from '../api/manual.ts';
import { renderManual, type ManualHeading } from '../render-manual.ts';
import { ManualArticle } from './manual-article.tsx';

/** /user/manual: the manual in the interface's language (English when there is none), with its contents. */
export function ManualPage() {
  const { t, i18n } = useLingui();
  // Switching the interface language re-renders this page (Lingui's provider), which asks for that manual.
  const language = isLanguageCode(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
  const manual = useManual(language);
  const rendered = useMemo(() => (manual.data ? renderManual(manual.data.markdown) : null), [manual.data]);

  if (manual.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true" aria-label={t`Loading the manual`}>
        <div className="skeleton h-9 w-72" />
        <div className="skeleton h-4 w-full max-w-3xl" />
        <div className="skeleton h-4 w-full max-w-2xl" />
        <div className="skeleton h-64 w-full max-w-3xl" />
      </div>
    );
  }
  if (manual.isError || !rendered) {
    const offline = typeof navigator !== 'undefined' && !navigator.onLine;
    return (
      <ListError
        text={offline ? t`You are offline and this manual has not been opened on this device before. It loads when the connection is back.` : t`The manual could not be loaded.`}
        onRetry={() => void manual.refetch()}
      />
    );
  }

  return (
    <div className="flex flex-col gap-4 lg:flex-row-reverse lg:items-start lg:justify-end lg:gap-10">
      <Contents headings={rendered.headings} />
      <div className="min-w-0 flex-1">
        {manual.data.language !== language && (
          <div role="status" className="alert alert-info alert-soft mb-4 max-w-3xl">
            <Trans>This manual is not available in your language yet; here it is in English.</Trans>
          </div>
        )}
        <ManualArticle tree={rendered.tree} />
      </div>
    </div>
  );
}

/** The chapters and sections: a sticky list beside the text on wide screens, a fold-out above it on narrow ones. */
function Contents({ headings }: { headings: ManualHeading[] }) {
  const { t } = useLingui();
  if (headings.length === 0) return null;
  const list = (
    <ol className="flex flex-col gap-1 text-sm">
      {headings.map((heading) => (
        <li key={heading.id} className={heading.depth === 3 ? 'ps-4' : 'font-medium'}>
          <a className="link link-hover" href={`#${heading.id}`}>
            {heading.text}
          </a>
        </li>
      ))}
    </ol>
  );
  return (
    <nav aria-label={t`Contents`} className="lg:sticky lg:top-20 lg:w-64 lg:shrink-0">
      <details className="collapse collapse-arrow bg-base-100 shadow-sm lg:hidden">
        <summary className="collapse-title font-semibold">
          <Trans>Contents</Trans>
        </summary>
        <div className="collapse-content">{list}</div>
      </details>
      <div className="hidden max-h-[calc(100dvh-6rem)] overflow-y-auto rounded-box bg-base-100 p-4 shadow-sm lg:block">
        <h2 className="mb-2 font-semibold">
          <Trans>Contents</Trans>
        </h2>
        {list}
      </div>
    </nav>
  );
}
