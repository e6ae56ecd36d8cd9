import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { codCurrency } from '#shared/domain/currencies.ts';
import { EmptyValue } from '#web/components/ui/empty-value.tsx';
import { KEPT_NOTICE_ID, ListOfflineNotice, useKeptCopy } from '#web/components/ui/list-states.tsx';
import { StatusBadge } from '#web/components/ui/status-badge.tsx';
import { TrackingStatusBadge } from '#web/components/ui/tracking-status-badge.tsx';
import { useFormat } from '#web/lib/format.ts';
import { useShipment } from '../api/get-shipment.ts';
import { ShipmentDetailActions } from './shipment-detail-actions.tsx';
import { useShipmentLabels } from './use-shipment-labels.ts';

/**
 * The read-only shipment detail (spec section 2); admins also see the owner (client_name). Offline
 * it is the copy kept on the device (a kept list's row, README note 124), marked with its time;
 * the label and deleting wait for the connection.
 */
export function ShipmentDetail({ itemNumber, isAdmin }: { itemNumber: string; isAdmin: boolean }) {
  const { t } = useLingui();
  const query = useShipment(itemNumber);
  const s = query.data;
  const { kept, loadedAt } = useKeptCopy(query);
  const format = useFormat();
  const labels = useShipmentLabels();
  const street = [s.receiver_address_line_1, s.receiver_address_number].filter(Boolean).join(' ');
  const dimensions = [s.width, s.height, s.length].map((v) => format.number(v)).join(' × ');
  // COD and insurance are in the destination country's currency, as on the label.
  const currency = codCurrency(s.receiver_country);

  return (
    <article aria-labelledby="shipment-title">
      <BackToShipments />
      {kept && (
        <ListOfflineNotice
          id={KEPT_NOTICE_ID}
          text={t`You are offline. This is the shipment as it was at ${loadedAt}; it updates when the connection returns.`}
          note={t`The label and deleting need the connection.`}
        />
      )}
      <header className="mb-4 flex flex-wrap items-center gap-3">
        <h1 id="shipment-title" className="text-2xl font-semibold">
          <Trans>
            Shipment {s.item_number}
          </Trans>
        </h1>
        <StatusBadge status={s.status} className="badge-lg" />
        <div className="sm:ml-auto">
          <ShipmentDetailActions shipment={s} offline={kept} />
        </div>
      </header>

      <div className="grid gap-4 lg:grid-cols-2">
        <Section title={t`Shipment`}>
          <Row label={t`Item number`} mono>
            {s.item_number}
          </Row>
          <Row label={t`Tracking number`} mono>
            {s.tracking_number && <Link to="/shipment/tracking" search={{ tracking_number: s.tracking_number }} className="link">{s.tracking_number}</Link>}
          </Row>
          <Row label={t`Reference number`}>{s.reference_number}</Row>
          <Row label={t`Status`}>
            <StatusBadge status={s.status} />
          </Row>
          <Row label={t`Delivery progress`}>
            <span className="flex flex-wrap items-center gap-2">
              <TrackingStatusBadge status={s.tracking_status} />
              <time dateTime={s.tracking_status_at} className="text-sm text-base-content/70 tabular-nums">
                {format.dateTime(s.tracking_status_at)}
              </time>
            </span>
          </Row>
          <Row label={t`Created at`}>{format.dateTime(s.created_at)}</Row>
          <Row label={t`Product`}>
            {labels.product[s.product]} ({s.product})
          </Row>
          <Row label={t`Delivery method`}>{labels.deliveryMethod[s.delivery_method]}</Row>
          <Row label={t`Goods type`}>{labels.goodsType[s.goods_type]}</Row>
          {isAdmin && <Row label={t`Owner`}>{s.client_name}</Row>}
        </Section>

        <Section title={t`Recipient`}>
          <Row label={t`Name`}>{s.receiver_name}</Row>
          <Row label={t`Company`}>{s.receiver_company_name}</Row>
          <Row label={t`Address`}>
            <address className="not-italic">
              {street}
              {s.receiver_address_line_2 && (
                <>
                  <br />
                  {s.receiver_address_line_2}
                </>
              )}
              <br />
              {s.receiver_postal_code} {s.receiver_city}
              {s.receiver_region && (
                <>
                  <br />
                  {s.receiver_region}
                </>
              )}
              <br />
              {format.country(s.receiver_country)}
            </address>
          </Row>
          <Row label={t`Phone`}>
            <a className="link" href={`tel:${s.receiver_phone}`}>
              {s.receiver_phone}
            </a>
          </Row>
          <Row label={t`Email`}>
            <a className="link break-all" href={`mailto:${s.receiver_email}`}>
              {s.receiver_email}
            </a>
          </Row>
          <Row label={t`VAT number`}>{s.receiver_vat_number}</Row>
        </Section>

        <Section title={t`Parcel`}>
          <Row label={t`Weight`}>{format.weight(s.weight)}</Row>
          <Row label={t`Dimensions (W × H × L)`}>{`${dimensions} cm`}</Row>
          <Row label={t`Quantity`}>{s.quantity === null ? null : format.number(s.quantity)}</Row>
          <Row label={t`HS tariff code`} mono>
            {s.hs_tariff_code}
          </Row>
        </Section>

        <Section title={t`Services`}>
          <Row label={t`Cash on delivery`}>{s.cod_amount === null ? null : format.amount(s.cod_amount, currency)}</Row>
          <Row label={t`Insurance`}>{s.insurance === null ? null : format.amount(s.insurance, currency)}</Row>
        </Section>

        <Section title={t`Content`}>
          <Row label={t`Content`}>{s.content}</Row>
          <Row label={t`Note`}>{s.info && <span className="whitespace-pre-line">{s.info}</span>}</Row>
        </Section>

        <Section title={t`Delivery`}>
          <Row label={t`Partner`}>{s.partner_name}</Row>
          {s.pickup_point_id && (
            <Row label={t`Pickup point`} mono>
              {s.pickup_point_id}
            </Row>
          )}
          {s.label_sender_name && <Row label={t`Sender on the label`}>{s.label_sender_name}</Row>}
        </Section>
      </div>
    </article>
  );
}

/** The back link of the detail screen, also shown above its error states. */
export function BackToShipments() {
  return (
    <Link to="/shipments" className="btn btn-ghost btn-sm mb-2 -ml-2 gap-1">
      <svg xmlns="http://www.w3.org/2000/svg" className="h-4 w-4" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
        <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M15 18l-6-6 6-6" />
      </svg>
      <Trans>Back to shipments</Trans>
    </Link>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card bg-base-100 shadow-sm">
      <div className="card-body p-4 sm:p-6">
        <h2 className="card-title text-base">{title}</h2>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[11rem_1fr]">{children}</dl>
      </div>
    </section>
  );
}

function Row({ label, children, mono = false }: { label: string; children: ReactNode; mono?: boolean }) {
  const empty = children === null || children === undefined || children === '' || children === false;
  return (
    <>
      <dt className="pt-1 text-base-content/60 sm:pt-0">{label}</dt>
      <dd className={`min-w-0 break-words ${mono ? 'tabular-nums' : ''}`}>{empty ? <EmptyValue /> : children}</dd>
    </>
  );
}
