// The states every paged list shows around its rows (shipments, imports, manifests): offline
// while the first page waits, a failed load with a retry, nothing to show yet, and the footer
// with the count and the "More" button.
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, type ReactNode } from 'react';
import { ApiError } from '#web/lib/api-error.ts';

/**
 * The offline notice shown above the skeleton while the first page waits for the network, and
 * the text of a failed load: that notice when offline, else the error's message (field errors first).
 */
export function useListTexts(): { offlineText: string; errorText: (error: unknown) => string } {
  const { t } = useLingui();
  const offlineText = t`You are offline. The list loads when the connection is back.`;
  const errorText = useCallback(
    (error: unknown) => (error instanceof ApiError && error.isOffline ? offlineText : error instanceof Error ? error.message : String(error)),
    [offlineText],
  );
  return { offlineText, errorText };
}

export function ListOfflineNotice({ text }: { text: string }) {
  return (
    <div role="alert" className="alert alert-warning alert-soft mb-3">
      <span>{text}</span>
    </div>
  );
}

/** A failed load; with `onRetry`, a "Try again" button. */
export function ListError({ text, onRetry, className = '' }: { text: string; onRetry?: () => void; className?: string }) {
  return (
    <div role="alert" className={`alert alert-error alert-soft ${className}`}>
      <span className="whitespace-pre-line">{text}</span>
      {onRetry && (
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      )}
    </div>
  );
}

/** Nothing to list: an outline icon (one SVG path), a title, and what to do next. */
export function ListEmpty({ iconPath, title, children }: { iconPath: string; title: ReactNode; children?: ReactNode }) {
  return (
    <div className="card bg-base-100 shadow-sm">
      <div className="card-body items-center py-12 text-center">
        <svg xmlns="http://www.w3.org/2000/svg" className="h-12 w-12 text-base-content/30" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
          <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="1.5" d={iconPath} />
        </svg>
        <h2 className="text-lg font-semibold">{title}</h2>
        {children}
      </div>
    </div>
  );
}

/** "Showing n of m", a failed next page, and "More" while there is one. */
export function ListFooter({
  loadedText,
  totalText,
  nextPageError,
  hasNextPage,
  fetchingNextPage,
  onMore,
}: {
  loadedText: string;
  totalText: string;
  nextPageError: string | null;
  hasNextPage: boolean;
  fetchingNextPage: boolean;
  onMore: () => void;
}) {
  return (
    <div className="mt-4 flex flex-col items-center gap-2">
      <p className="text-sm text-base-content/70" aria-live="polite">
        <Trans>
          Showing {loadedText} of {totalText}
        </Trans>
      </p>
      {nextPageError !== null && <ListError text={nextPageError} />}
      {hasNextPage && (
        <button type="button" className="btn btn-wide" onClick={onMore} disabled={fetchingNextPage} aria-busy={fetchingNextPage}>
          {fetchingNextPage && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          <Trans>More</Trans>
        </button>
      )}
    </div>
  );
}
