import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { AdminPickupAddress } from '#shared/contract/admin-pickup-addresses.ts';
import { PICKUP_WEEKDAYS } from '#shared/domain/pickup-days.ts';
import { EmptyValue } from '#web/components/ui/empty-value.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { useCompanyLabels } from './use-company-labels.ts';

export function ActiveBadge({ active }: { active: boolean }) {
  return <span className={`badge badge-sm ${active ? 'badge-success' : 'badge-error'} badge-soft`}>{active ? <Trans>Active</Trans> : <Trans>Inactive</Trans>}</span>;
}

/** One pickup address: where, who, when it is picked up, who ships from it, its partners; edit, partners, delete. */
export function PickupAddressCard({ companyId, address, onEdit, onDelete }: { companyId: string; address: AdminPickupAddress; onEdit: () => void; onDelete: () => void }) {
  const { t } = useLingui();
  const labels = useCompanyLabels();
  return (
    <article className="card border border-base-300 bg-base-100" aria-label={`${address.street}, ${address.city}`}>
      <div className="card-body gap-3 p-4">
        <h3 className="card-title text-base break-words">
          {address.street}, {address.zip} {address.city}, {labels.country(address.country)}
        </h3>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
          <Item label={<Trans>Address ID</Trans>}>
            <span className="inline-flex items-center gap-1">
              <code className="text-xs break-all">{address.id}</code>
              <CopyButton value={address.id} label={t`Copy address ID`} />
            </span>
          </Item>
          <Item label={<Trans>Contact person</Trans>}>{address.contactPerson || <EmptyValue />}</Item>
          <Item label={<Trans>Phone</Trans>}>{address.phone || <EmptyValue />}</Item>
          <Item label={<Trans>Email</Trans>}>{address.email ? <span className="break-all">{address.email}</span> : <EmptyValue />}</Item>
          <Item label={<Trans>Regular pickup</Trans>}>
            {/* The days apply to a regular pickup only; without one the carrier comes when asked. */}
            {address.regularPickup ? (
              <ul className="flex flex-wrap gap-1">
                {PICKUP_WEEKDAYS.map((day) => {
                  const on = address.pickupDays[day] ?? false;
                  const name = labels.weekdays[day];
                  return (
                    <li key={day} className={`badge badge-sm ${on ? 'badge-success' : 'badge-ghost'}`} title={name.long}>
                      <span aria-hidden="true">{on ? '✓' : '✕'}</span>
                      <span aria-hidden="true">{name.short}</span>
                      <span className="sr-only">{on ? t`${name.long}: pickup` : t`${name.long}: no pickup`}</span>
                    </li>
                  );
                })}
              </ul>
            ) : (
              <span className="badge badge-sm badge-ghost">
                <Trans>On request</Trans>
              </span>
            )}
          </Item>
        </dl>
        <div>
          <h4 className="text-sm font-semibold">
            <Trans>Users assigned to the address</Trans>
          </h4>
          {address.clients.length === 0 ? (
            <p className="text-sm text-base-content/70">
              <Trans>No users assigned: every client of the company may ship from it.</Trans>
            </p>
          ) : (
            <ul className="mt-1 flex flex-col gap-1 text-sm">
              {address.clients.map((c) => (
                <li key={c.id} className="flex flex-wrap items-center gap-2">
                  <span className="break-all">{c.email}</span>
                  <ActiveBadge active={c.enabled} />
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h4 className="text-sm font-semibold">
            <Trans>External partners</Trans>
          </h4>
          {address.preferredPartners.length === 0 ? (
            <p className="text-sm text-base-content/70">
              <Trans>No main partner</Trans>
            </p>
          ) : (
            <ul className="mt-1 flex flex-col gap-1 text-sm">
              {address.preferredPartners.map((p) => (
                <li key={p.assignmentId}>
                  <span className="font-medium">{p.partnerName}</span> · {labels.country(p.country)} · {p.product}
                  {p.deliverMethod ? ` · ${labels.methods[p.deliverMethod]}` : ''}
                </li>
              ))}
            </ul>
          )}
          {address.credentials.length > 0 && (
            <>
              <h4 className="mt-2 text-sm font-semibold">
                <Trans>Partner credentials</Trans>
              </h4>
              <ul className="mt-1 flex flex-col gap-1 text-sm">
                {address.credentials.map((c) => (
                  <li key={c.partnerId}>
                    <span className="font-medium">{c.partnerName}</span>: <span className="break-all font-mono text-xs">{c.credentials}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
        <div className="card-actions flex-wrap justify-end">
          <button type="button" className="btn btn-sm" onClick={onEdit}>
            <Trans>Edit</Trans>
          </button>
          <Link to="/company/$id/partners" params={{ id: companyId }} search={{ address: address.id }} className="btn btn-sm">
            <Trans>Manage partners</Trans>
          </Link>
          <button type="button" className="btn btn-sm btn-error btn-outline" onClick={onDelete}>
            <Trans>Delete</Trans>
          </button>
        </div>
      </div>
    </article>
  );
}

function Item({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt className="text-base-content/70">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
