import { Trans } from '@lingui/react/macro';
import { PACKAGE_TRACKING_PATH } from '../public-tracking-paths.ts';
import { ExternalLink } from './external-link.tsx';

/** True when a tracking link is the portal's own public page rather than a partner's. */
export function isPortalTrackingLink(link: string, base = window.location.href): boolean {
  try {
    const url = new URL(link, base);
    return url.origin === new URL(base).origin && url.pathname === PACKAGE_TRACKING_PATH;
  } catch {
    return false;
  }
}

/** The link to where the public tracks the parcel: the partner's page (named) or the portal's own. */
export function TrackingLink({ link, partnerName }: { link: string; partnerName: string | null }) {
  return (
    <ExternalLink href={link} className="btn btn-outline btn-sm">
      {isPortalTrackingLink(link) ? <Trans>Public tracking page</Trans> : partnerName ? <Trans>Tracking page of {partnerName}</Trans> : <Trans>Partner's tracking page</Trans>}
    </ExternalLink>
  );
}
