import { Trans } from '@lingui/react/macro';

/** /package/tracking's heading and what to enter (in the app and on the page the server renders). */
export function PackageTrackingIntro() {
  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold sm:text-3xl">
        <Trans>Track a parcel</Trans>
      </h1>
      <p className="mb-4 text-base-content/70">
        <Trans>Enter the tracking number from your receipt or e-mail to see where your parcel is.</Trans>
      </p>
    </>
  );
}
