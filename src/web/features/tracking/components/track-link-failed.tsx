import { Trans } from '@lingui/react/macro';
import { PACKAGE_TRACKING_PATH } from '../public-tracking-paths.ts';

/** Why /shipment/track/{n} did not send the browser on (unknown parcel, too many lookups…), and the way to the search. */
export function TrackLinkFailed({ text, searchHref = PACKAGE_TRACKING_PATH }: { text: string; searchHref?: string }) {
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
