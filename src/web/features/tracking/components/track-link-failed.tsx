import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '#web/lib/api-error.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { PACKAGE_TRACKING_PATH } from '../public-tracking-paths.ts';

/**
 * Why /shipment/track/{n} did not send the browser on, and the way to the search: 'Shipment not
 * found' for a 404 or an answer without a followable link (`error` null), else the error's text
 * (too many lookups, offline, unavailable).
 */
export function TrackLinkFailed({ error, searchHref = PACKAGE_TRACKING_PATH }: { error: unknown; searchHref?: string }) {
  const { t } = useLingui();
  const errorText = useErrorText();
  const text = error === null || (error instanceof ApiError && error.status === 404) ? t`Shipment not found` : errorText(error);
  return (
    <>
      <div role="alert" className="alert alert-error alert-soft w-full max-w-md justify-center">
        <span className="whitespace-pre-line">{text}</span>
      </div>
      <a className="btn btn-outline" href={searchHref}>
        <Trans>Search for a parcel</Trans>
      </a>
    </>
  );
}
