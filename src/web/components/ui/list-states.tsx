// The states every paged list shows around its rows (shipments, imports, manifests): offline
// while the first page waits, a failed load with a retry, nothing to show yet, and the footer
// with the count and the "More" button.
import { Trans, useLingui } from '@lingui/react/macro';
import type { FetchStatus } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { ApiError } from '#web/lib/api-error.ts';
import { useFormat } from '#web/lib/format.ts';
import { useOnline } from '#web/lib/use-online.ts';

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

/** What of a query tells whether its data is the copy kept on this device (lib/kept-queries.ts). */
export interface KeptQueryState {
  fetchStatus: FetchStatus;
  isError: boolean;
  error: unknown;
  dataUpdatedAt: number;
}

/**
 * Whether loaded data is shown as the copy kept on this device: the browser is offline, the
 * refresh waits for the connection, or a refresh found no connection (the data is still the last
 * loaded, not a failed load). README notes 117 and 124.
 */
export function isKeptCopy(query: KeptQueryState, online: boolean): boolean {
  const noConnection = query.isError && query.error instanceof ApiError && query.error.isOffline;
  return !online || query.fetchStatus === 'paused' || noConnection;
}

/** `kept`: the data shown is the kept copy; `loadedAt`: when it was loaded, as the app writes times. */
export function useKeptCopy(query: KeptQueryState): { kept: boolean; loadedAt: string } {
  const online = useOnline();
  const format = useFormat();
  return { kept: isKeptCopy(query, online), loadedAt: format.dateTime(new Date(query.dataUpdatedAt)) };
}

/** The id of the kept copy's notice: disabled actions point to it (aria-describedby) for their reason. */
export const KEPT_NOTICE_ID = 'kept-copy-notice';

/** The offline notice; `note`, a second line (what needs the connection). */
export function ListOfflineNotice({ text, note, id }: { text: string; note?: string; id?: string }) {
  return (
    // Dark text on white in a warning-yellow frame: the soft warning alert's yellow text failed
    // axe's contrast check (README note 124).
    <div role="alert" id={id} className="alert mb-3 border-2 border-warning bg-base-100 text-base-content">
      <span>
        {text}
        {note && (
          <>
            <br />
            {note}
          </>
        )}
      </span>
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
