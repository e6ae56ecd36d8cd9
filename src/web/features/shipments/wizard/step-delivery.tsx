import { Trans, useLingui } from '@lingui/react/macro';
import { useFormContext, useWatch } from 'react-hook-form';
import { preferredPartnersFor, type PickupAddress } from '#shared/contract/pickup-addresses.ts';
import { PICKUP_WEEKDAYS } from '#shared/domain/pickup-days.ts';
import { parcelPointAllowed } from '#shared/domain/shipment-rules.ts';
import { ApiError } from '#web/lib/api-error.ts';
import { useFormat } from '#web/lib/format.ts';
import type { DeliveryType, WizardDraftData } from '#web/offline/draft-data.ts';
import { usePickupAddresses } from '../api/get-pickup-addresses.ts';
import { FieldErrorText } from './field-error.tsx';

/**
 * Step 2: courier (the postal operator for UTR) or parcel point (CZ, SK, PL, HU parcels only),
 * then the pickup address the parcels leave from. Choosing an address does not move on (a radio
 * is a choice the user may still change, as the delivery type's): Continue does.
 */
export function StepDelivery() {
  const { t } = useLingui();
  const { setValue, getValues } = useFormContext<WizardDraftData>();
  const [country, product, delivery, pickupAddressId] = useWatch<WizardDraftData, ['country', 'product', 'delivery', 'pickupAddressId']>({
    name: ['country', 'product', 'delivery', 'pickupAddressId'],
  });
  const pointAllowed = parcelPointAllowed(country ?? '', product);

  const chooseDelivery = (next: DeliveryType) => {
    setValue('delivery', next, { shouldDirty: true });
    // A point chosen for the other delivery type no longer applies; its address fields go with it.
    if (getValues('pickupPoint')) {
      setValue('pickupPoint', null);
      setValue('recipient', {
        ...getValues('recipient'),
        receiver_address_line_1: '',
        receiver_address_number: '',
        receiver_address_line_2: '',
        receiver_city: '',
        receiver_postal_code: '',
      });
    }
  };

  const options: Array<{
    value: DeliveryType;
    title: string;
    text: string;
    disabled: boolean;
  }> = [
    {
      value: 'courier',
      // Named as the summary, the list and the detail name the method.
      title: t`Home delivery`,
      text: product === 'UTR' ? t`Delivered to the address by the postal operator.` : t`Delivered to the recipient's address.`,
      disabled: false,
    },
    {
      value: 'parcel_point',
      title: t`Parcel point`,
      text: pointAllowed ? t`The recipient collects it from a parcel locker or pickup point.` : t`Offered for parcels to the Czech Republic, Slovakia, Poland and Hungary.`,
      disabled: !pointAllowed,
    },
  ];

  return (
    <div className="flex flex-col gap-5">
      <fieldset className="fieldset">
        <legend className="fieldset-legend">
          <Trans>Delivery type</Trans>
        </legend>
        <div className="grid gap-3 sm:grid-cols-2" role="radiogroup">
          {options.map((option) => (
            <label
              key={option.value}
              className={`card border-2 ${option.disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer'} ${delivery === option.value ? 'border-primary bg-primary/5' : 'border-base-300'}`}
            >
              <div className="card-body gap-1 p-4">
                <span className="flex items-center gap-2 font-semibold">
                  <input
                    type="radio"
                    name="wizard-delivery"
                    className="radio radio-primary radio-sm"
                    checked={delivery === option.value}
                    disabled={option.disabled}
                    onChange={() => chooseDelivery(option.value)}
                  />
                  {option.title}
                </span>
                <span className="text-sm text-base-content/70">{option.text}</span>
              </div>
            </label>
          ))}
        </div>
        <FieldErrorText path="delivery" />
      </fieldset>

      <fieldset className="fieldset">
        <legend className="fieldset-legend">
          <Trans>Pickup address</Trans>
        </legend>
        <PickupAddressPicker
          country={country ?? ''}
          product={product}
          selected={pickupAddressId}
          onSelect={(address) => {
            if (!getValues('delivery')) setValue('delivery', 'courier');
            setValue('pickupAddressId', address.id, { shouldDirty: true });
          }}
        />
        <FieldErrorText path="pickupAddressId" />
      </fieldset>
    </div>
  );
}

function PickupAddressPicker({
  country,
  product,
  selected,
  onSelect,
}: {
  country: string;
  product: string | undefined;
  selected: string | undefined;
  onSelect: (address: PickupAddress) => void;
}) {
  const { t } = useLingui();
  const format = useFormat();
  const { data, error, isPending } = usePickupAddresses();
  const days: Record<(typeof PICKUP_WEEKDAYS)[number], string> = {
    pondelok: t`Mon`,
    utorok: t`Tue`,
    streda: t`Wed`,
    stvrtok: t`Thu`,
    piatok: t`Fri`,
  };

  if (isPending) {
    return (
      <div className="flex flex-col gap-2" aria-hidden="true">
        <div className="skeleton h-20 w-full" />
        <div className="skeleton h-20 w-full" />
      </div>
    );
  }
  if (error) {
    return (
      <div role="alert" className="alert alert-error alert-soft flex flex-col items-start gap-1">
        <Trans>Error: Failed to fetch pickup addresses</Trans>
        {error instanceof ApiError && error.isOffline && (
          <span className="text-sm">
            <Trans>You are offline. The addresses load as soon as the connection is back; your entries are kept.</Trans>
          </span>
        )}
      </div>
    );
  }
  if (data.length === 0) {
    return (
      <div role="status" className="alert alert-info alert-soft">
        <Trans>No pickup addresses available.</Trans>
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-2" role="radiogroup" aria-label={t`Pickup address`}>
      {data.map((address) => {
        const partners = preferredPartnersFor(address, country, product);
        const checked = selected === address.id;
        return (
          <li key={address.id}>
            <label
              className={`flex cursor-pointer items-start gap-3 rounded-box border-2 p-3 ${checked ? 'border-primary bg-primary/5' : 'border-base-300 hover:border-base-content/30'}`}
            >
              <input type="radio" name="wizard-pickup-address" className="radio radio-primary radio-sm mt-1" checked={checked} onChange={() => onSelect(address)} />
              <span className="flex flex-col gap-0.5 text-sm">
                <span className="font-semibold">{address.contactPerson}</span>
                <span>
                  {address.street}, {address.zip} {address.city}, {format.country(address.country)}
                </span>
                <span className="text-base-content/70">
                  {address.phone} · {address.email}
                </span>
                <span className="flex flex-wrap items-center gap-1 text-xs">
                  {address.regularPickup ? (
                    <>
                      <Trans>Regular pickup:</Trans>
                      {PICKUP_WEEKDAYS.filter((day) => address.pickupDays[day]).map((day) => (
                        <span key={day} className="badge badge-success badge-xs">
                          {days[day]}
                        </span>
                      ))}
                    </>
                  ) : (
                    <Trans>Pickup on request</Trans>
                  )}
                </span>
                <span className="text-xs text-base-content/70">
                  {partners.length > 0 ? (
                    <Trans>Preferred partner: {partners.map((partner) => partner.partnerName).join(', ')}</Trans>
                  ) : (
                    <Trans>No preferred partner: the carrier chooses.</Trans>
                  )}
                </span>
              </span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}
