import { useLingui } from '@lingui/react/macro';
import type { NetworkPartner } from '#shared/contract/admin-network.ts';
import { PartnerKeys } from './partner-keys.tsx';
import { PartnerTemplateForm } from './partner-template-form.tsx';
import { PointFeed } from './point-feed.tsx';
import { PriorityForm } from './priority-form.tsx';
import { ServicesGrid } from './services-grid.tsx';

/** One partner of the network: priority, tracking page, feed keys, pickup-point list address and the services grid. */
export function PartnerDetail({ partner }: { partner: NetworkPartner }) {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-4">
      <header>
        <h1 className="text-2xl font-semibold break-words">
          {partner.name} <span className="badge badge-ghost font-mono align-middle text-xs">{partner.code}</span>
        </h1>
      </header>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <div className="flex flex-col gap-4">
          <PriorityForm partner={partner} />
          <PartnerTemplateForm partner={partner} title={t`Tracking page`} />
        </div>
        <PartnerKeys partnerId={partner.id} partnerName={partner.name} />
      </div>
      <PointFeed partnerId={partner.id} partnerName={partner.name} />
      <ServicesGrid partnerId={partner.id} />
    </div>
  );
}
