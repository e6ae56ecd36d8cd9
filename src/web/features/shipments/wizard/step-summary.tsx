import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { codCurrency } from '#shared/domain/currencies.ts';
import { singleParcelOnly } from '#shared/domain/wizard-rules.ts';
import { EmptyValue } from '#web/components/ui/empty-value.tsx';
import { useFormat } from '#web/lib/format.ts';
import type { DraftNumber, WizardDraftData, WizardStep } from '#web/offline/draft-data.ts';
import { usePickupAddresses } from '../api/get-pickup-addresses.ts';
import { useShipmentLabels } from '../components/use-shipment-labels.ts';
import { deliveryMethodOf } from './wizard-values.ts';

/** Step 6: what will be sent, card by card, each with a way back to its step. Finish submits. */
export function StepSummary({ onEdit }: { onEdit: (step: WizardStep) => void }) {
  const { t } = useLingui();
  const format = useFormat();
  const labels = useShipmentLabels();
  const data = useWatch<WizardDraftData>() as WizardDraftData;
  const addresses = usePickupAddresses().data;
  const address = addresses?.find((candidate) => candidate.id === data.pickupAddressId);
  const recipient = data.recipient ?? {};
  const parcels = data.parcels ?? [];
  const services = data.services ?? {};
  // COD and insurance are in the destination country's currency.
  const currency = codCurrency(data.country ?? '');
  // A field whose text is not a number yet (the check refuses it) shows as typed, counting nothing.
  const totalWeight = parcels.reduce((sum, parcel) => sum + (typeof parcel.weight === 'number' ? parcel.weight : 0), 0);
  const shown = (value: DraftNumber | undefined, write: (n: number) => string) => (typeof value === 'number' ? value !== 0 && write(value) : value);
  const isSender = singleParcelOnly(data.country ?? '', data.product);

  return (
    <div className="grid gap-3 md:grid-cols-2">
      <SummaryCard title={t`Shipment`} onEdit={() => onEdit(1)}>
        <Row label={t`Destination`}>{data.country ? format.country(data.country) : <EmptyValue />}</Row>
        <Row label={t`Product`}>{data.product ? `${labels.product[data.product]} (${data.product})` : <EmptyValue />}</Row>
        <Row label={t`Delivery`}>{labels.deliveryMethod[deliveryMethodOf(data)]}</Row>
        {data.pickupPoint && <Row label={t`Parcel point`}>{`${data.pickupPoint.name}, ${data.pickupPoint.street}, ${data.pickupPoint.city}`}</Row>}
        <Row label={t`Pickup address`}>{address ? `${address.contactPerson}, ${address.street}, ${address.city}` : <EmptyValue />}</Row>
      </SummaryCard>

      <SummaryCard title={isSender ? t`Sender` : t`Recipient`} onEdit={() => onEdit(3)}>
        <Row label={t`Name`}>{[recipient.receiver_name, recipient.receiver_company_name].filter(Boolean).join(', ') || <EmptyValue />}</Row>
        <Row label={t`Address`}>
          {[
            `${recipient.receiver_address_line_1 ?? ''} ${recipient.receiver_address_number ?? ''}`.trim(),
            recipient.receiver_address_line_2,
            `${recipient.receiver_postal_code ?? ''} ${recipient.receiver_city ?? ''}`.trim(),
          ]
            .filter(Boolean)
            .join(', ') || <EmptyValue />}
        </Row>
        <Row label={t`Phone`}>{recipient.receiver_phone || <EmptyValue />}</Row>
        <Row label={t`Email`}>{recipient.receiver_email || <EmptyValue />}</Row>
      </SummaryCard>

      <SummaryCard title={t`Parcels`} onEdit={() => onEdit(4)} wide>
        <Row label={t`Content`}>{data.package?.content || <EmptyValue />}</Row>
        <Row label={t`Reference number`}>{data.package?.reference_number || <EmptyValue />}</Row>
        <Row label={t`Sender name on the label`}>{data.package?.label_sender_name || <EmptyValue />}</Row>
        <div className="overflow-x-auto">
          <table className="table table-sm">
            <thead>
              <tr>
                <th>#</th>
                <th>{t`Weight`}</th>
                <th>{t`Size (W × H × L)`}</th>
                <th>{t`Parcel reference`}</th>
              </tr>
            </thead>
            <tbody>
              {parcels.map((parcel, index) => (
                <tr key={index}>
                  <td>{index + 1}</td>
                  <td>{shown(parcel.weight, format.weight) || <EmptyValue />}</td>
                  <td>{[parcel.width, parcel.height, parcel.length].map((size) => size ?? '–').join(' × ')} cm</td>
                  <td>
                    {parcel.reference_number || <EmptyValue />}
                    {parcel.fragile && <span className="badge badge-warning badge-sm ml-2">{t`Fragile`}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td>{parcels.length}</td>
                <td>{format.weight(totalWeight)}</td>
                <td colSpan={2} />
              </tr>
            </tfoot>
          </table>
        </div>
      </SummaryCard>

      <SummaryCard title={t`Cash on delivery`} onEdit={() => onEdit(5)}>
        <p className="text-2xl font-semibold">{shown(services.cod_amount, (value) => format.amount(value, currency)) || <Trans>None</Trans>}</p>
      </SummaryCard>
      <SummaryCard title={t`Insurance`} onEdit={() => onEdit(5)}>
        <p className="text-2xl font-semibold">{shown(services.insurance, (value) => format.amount(value, currency)) || <Trans>None</Trans>}</p>
      </SummaryCard>
    </div>
  );
}

function SummaryCard({ title, onEdit, wide = false, children }: { title: string; onEdit: () => void; wide?: boolean; children: ReactNode }) {
  return (
    <section className={`card border border-base-300 ${wide ? 'md:col-span-2' : ''}`} aria-label={title}>
      <div className="card-body gap-1 p-4">
        <div className="flex items-center justify-between">
          <h3 className="font-semibold">{title}</h3>
          <button type="button" className="btn btn-ghost btn-xs" onClick={onEdit}>
            <Trans>Edit</Trans>
          </button>
        </div>
        {children}
      </div>
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <p className="grid grid-cols-[10rem_1fr] gap-2 text-sm">
      <span className="text-base-content/70">{label}</span>
      <span>{children}</span>
    </p>
  );
}
