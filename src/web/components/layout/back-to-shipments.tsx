import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

/** The link above the title of a screen reached from the shipment list (send, import, reports, settings). */
export function BackToShipments() {
  return (
    <Link to="/shipments" className="link link-hover w-fit text-sm">
      ← <Trans>Back to shipments</Trans>
    </Link>
  );
}
