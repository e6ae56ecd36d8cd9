import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { NetworkPartner } from '#shared/contract/admin-network.ts';
import { ListEmpty, ListError, useListTexts } from '#web/components/ui/list-states.tsx';
import { TableSkeleton } from '#web/components/ui/table-skeleton.tsx';
import { formatNumber } from '#web/lib/format.ts';
import { useNetworkPartners } from '../api/partners.ts';
import { PartnerDetail } from './partner-detail.tsx';
import { PointDirectory } from './point-directory.tsx';

const EMPTY_ICON = 'M8.25 18.75a1.5 1.5 0 01-3 0m3 0a1.5 1.5 0 00-3 0m3 0h6m-9 0H3.375a1.125 1.125 0 01-1.125-1.125V14.25m17.25 4.5a1.5 1.5 0 01-3 0m3 0a1.5 1.5 0 00-3 0m3 0h1.125c.621 0 1.129-.504 1.09-1.124a17.902 17.902 0 00-3.213-9.193 2.056 2.056 0 00-1.58-.86H14.25M16.5 18.75h-2.25m0-11.177v-.958c0-.568-.422-1.048-.987-1.106a48.554 48.554 0 00-10.026 0 1.106 1.106 0 00-.987 1.106v7.635m12-6.677v6.677m0 4.5v-4.5m0 0h-12';

/**
 * /partners (admins): the delivery network. Without `partnerId` the partners and the
 * pickup-point directory; with it, that partner's priority, tracking page, feed keys and services.
 */
export function PartnerList({ partnerId }: { partnerId?: number | undefined }) {
  const { t } = useLingui();
  const partners = useNetworkPartners();
  const { errorText } = useListTexts();
  const selected = partnerId === undefined ? undefined : partners.data?.find((p) => p.id === partnerId);

  if (partnerId !== undefined) {
    return (
      <section className="mx-auto flex w-full max-w-6xl flex-col gap-4">
        <nav>
          <Link to="/partners" search={{}} className="link link-hover text-sm">
            ← <Trans>All partners</Trans>
          </Link>
        </nav>
        {partners.isPending && <span className="loading loading-spinner" aria-label={t`Loading`} />}
        {partners.isError && <ListError text={errorText(partners.error)} onRetry={() => void partners.refetch()} />}
        {partners.data && !selected && (
          <div role="alert" className="alert alert-warning alert-soft">
            <Trans>This partner does not exist.</Trans>
          </div>
        )}
        {selected && <PartnerDetail partner={selected} />}
      </section>
    );
  }

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <div className="flex flex-col gap-3">
        <header>
          <h1 className="text-2xl font-semibold">
            <Trans>Delivery network</Trans>
          </h1>
          <p className="text-base-content/70 text-sm">
            <Trans>The delivery partners: their priority, tracking page, feed keys and the services they deliver. Open a partner to change them.</Trans>
          </p>
        </header>
        {partners.isPending && <TableSkeleton label={t`Loading`} columns={6} rows={6} cards={4} />}
        {partners.isError && <ListError text={errorText(partners.error)} onRetry={() => void partners.refetch()} />}
        {partners.data?.length === 0 && <ListEmpty iconPath={EMPTY_ICON} title={t`No delivery partners yet.`} />}
        {partners.data && partners.data.length > 0 && <PartnerTable partners={partners.data} />}
      </div>
      <PointDirectory />
    </section>
  );
}

function PartnerTable({ partners }: { partners: NetworkPartner[] }) {
  const { t, i18n } = useLingui();
  const n = (value: number) => formatNumber(value, i18n.locale);
  return (
    <>
      <div className="rounded-box bg-base-100 hidden overflow-x-auto shadow-sm sm:block">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Code</Trans>
              </th>
              <th scope="col">
                <Trans>Name</Trans>
              </th>
              <th scope="col" className="text-right">
                <Trans>Priority</Trans>
              </th>
              <th scope="col" className="text-right">
                <Trans context="delivery network">Services</Trans>
              </th>
              <th scope="col" className="text-right">
                <Trans>Active keys</Trans>
              </th>
              <th scope="col" className="text-right">
                <Trans>Active points</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {partners.map((partner) => (
              <tr key={partner.id} className="hover:bg-base-200/50">
                <td className="font-mono text-sm">{partner.code}</td>
                <td>
                  <Link to="/partners" search={{ partner: partner.id }} className="link link-primary font-medium" aria-label={t`Open ${partner.name}`}>
                    {partner.name}
                  </Link>
                </td>
                <td className="text-right tabular-nums">{partner.priority}</td>
                <td className="text-right tabular-nums">{n(partner.service_count)}</td>
                <td className="text-right tabular-nums">{n(partner.active_key_count)}</td>
                <td className="text-right tabular-nums">{n(partner.active_point_count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-2 sm:hidden">
        {partners.map((partner) => {
          const services = n(partner.service_count);
          const keys = n(partner.active_key_count);
          const points = n(partner.active_point_count);
          const priority = partner.priority;
          return (
            <li key={partner.id}>
              <Link to="/partners" search={{ partner: partner.id }} className="card bg-base-100 hover:bg-base-200/50 shadow-sm" aria-label={t`Open ${partner.name}`}>
                <div className="card-body gap-1 p-4">
                  <p className="font-medium">
                    {partner.name} <span className="badge badge-ghost font-mono text-xs">{partner.code}</span>
                  </p>
                  <p className="text-base-content/70 text-sm">
                    <Trans>
                      Priority {priority} · {services} services · {keys} active keys · {points} active points
                    </Trans>
                  </p>
                </div>
              </Link>
            </li>
          );
        })}
      </ul>
    </>
  );
}
