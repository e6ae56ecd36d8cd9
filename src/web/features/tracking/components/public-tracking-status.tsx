import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { PublicTrackingState } from '../api/use-public-tracking.ts';
import { PublicTrackingResult } from './public-tracking-result.tsx';
import { usePublicTrackingErrorText } from './use-public-tracking-error.ts';

/** What an error's button does: run in the browser's app, or a link on a page the server rendered. */
export type TrackingAction = { onClick: () => void } | { href: string };

function ActionButton({ action, children }: { action: TrackingAction; children: ReactNode }) {
  return 'href' in action ? (
    <a className="btn btn-sm" href={action.href}>
      {children}
    </a>
  ) : (
    <button type="button" className="btn btn-sm" onClick={action.onClick}>
      {children}
    </button>
  );
}

/**
 * The public lookup's outcome, announced as it changes: loading, an error (with a retry, or after
 * too many wrong postal codes the lookup without one), or the parcel.
 */
export function PublicTrackingStatus({ state, retry, trackWithoutZip }: { state: PublicTrackingState; retry: TrackingAction; trackWithoutZip?: TrackingAction | undefined }) {
  const { t } = useLingui();
  const errorText = usePublicTrackingErrorText();
  let body: React.ReactNode = null;
  if (state.status === 'loading') {
    body = (
      <div className="flex items-center justify-center gap-3 p-8 text-base-content/70">
        <span className="loading loading-spinner loading-md" aria-hidden="true" />
        <span>{t`Looking up the parcel…`}</span>
      </div>
    );
  } else if (state.status === 'error') {
    const { kind, title, hint } = errorText(state.error);
    body = (
      <div
        role="alert"
        className={`alert alert-soft ${kind === 'offline' || kind === 'rate-limited' || kind === 'postcode-limited' ? 'alert-warning' : 'alert-error'} flex flex-col items-start sm:flex-row sm:items-center`}
      >
        <div className="flex flex-col gap-1">
          <p className="font-semibold">{title}</p>
          {hint && <p className="text-sm">{hint}</p>}
        </div>
        {kind === 'postcode-limited' && trackWithoutZip ? (
          <ActionButton action={trackWithoutZip}>
            <Trans>Track without the postal code</Trans>
          </ActionButton>
        ) : (
          kind !== 'not-found' && (
            <ActionButton action={retry}>
              <Trans>Try again</Trans>
            </ActionButton>
          )
        )}
      </div>
    );
  } else if (state.status === 'success') {
    body = <PublicTrackingResult tracking={state.tracking} />;
  }
  return (
    <div aria-live="polite" aria-busy={state.status === 'loading'} className="mt-4">
      {body}
    </div>
  );
}
