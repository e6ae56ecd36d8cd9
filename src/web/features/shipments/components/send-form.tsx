import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type * as z from 'zod/mini';
import type { ClientInfo } from '#shared/contract/auth.ts';
import { shipmentCreateSchemaFor } from '#shared/contract/shipments.ts';
import type { PickupPoint } from '#shared/contract/pickup-points.ts';
import { findCountry } from '#shared/domain/countries.ts';
import { shipmentMessages } from '#shared/i18n/shipment-messages.ts';
import { GOODS_TYPES, type Product } from '#shared/domain/enums.ts';
import { addressNumberMax, countriesOf, defaultProduct, insuranceAllowed, isParcelPointCountry, needsCustoms, parcelPointAllowed, productsFor } from '#shared/domain/shipment-rules.ts';
import { applyServerErrors } from '#web/components/form/server-errors.ts';
import { SelectField } from '#web/components/form/select-field.tsx';
import { numberInput, numberText, understood } from '#web/components/form/number-text.ts';
import { TextField } from '#web/components/form/text-field.tsx';
import { ApiError } from '#web/lib/api-error.ts';
import { countryName } from '#web/lib/country-names.ts';
import { useFormat } from '#web/lib/format.ts';
import { currentLanguage } from '#web/lib/i18n.ts';
import { useCreateShipment } from '../api/create-shipment.ts';
import { DimensionsHint } from './dimensions-hint.tsx';
import { PickupPointBox } from './pickup-point-box.tsx';
import { useAmountInput } from './use-amount-input.ts';
import { useAnnounceCreated } from './use-announce-created.ts';
import { useShipmentLabels } from './use-shipment-labels.ts';

type Schema = ReturnType<typeof shipmentCreateSchemaFor>;
type FormInput = z.input<Schema>;
type FormOutput = z.output<Schema>;

const ADDRESS_FIELDS = ['receiver_address_line_1', 'receiver_address_number', 'receiver_address_line_2', 'receiver_city', 'receiver_postal_code', 'receiver_region'] as const;
type Address = Record<(typeof ADDRESS_FIELDS)[number], string>;
const NO_ADDRESS: Address = { receiver_address_line_1: '', receiver_address_number: '', receiver_address_line_2: '', receiver_city: '', receiver_postal_code: '', receiver_region: '' };
const FORM_FIELDS = [
  'delivery_method', 'product', 'goods_type', 'reference_number', 'receiver_company_name', 'receiver_vat_number', 'receiver_name',
  ...ADDRESS_FIELDS, 'receiver_country', 'receiver_phone', 'receiver_email', 'weight', 'width', 'height', 'length', 'content', 'info',
  'hs_tariff_code', 'quantity', 'cod_amount', 'insurance', 'pickup_point_id',
] as const;
const NUMBER_FIELDS = ['weight', 'width', 'height', 'length', 'quantity', 'cod_amount', 'insurance'] as const;
type NumberField = (typeof NUMBER_FIELDS)[number];

/**
 * The single-page send form (spec section 2, "Send form behaviour"): every country and product
 * rule of the shared contract, the pickup-point picker for parcel points, server field errors
 * mapped onto the fields.
 *
 * The address fields hold either the address typed for home delivery or the chosen parcel
 * point's, which is read-only (still sent) with Change to pick another point. Whatever fills or
 * clears them (a point, a new country, back to courier) leaves them as new: no error and not
 * touched, so nothing turns red before a submit or the field's own blur.
 */
export function SendForm({ client, onSent }: { client: ClientInfo; onSent: () => void }) {
  const { t, i18n } = useLingui();
  const labels = useShipmentLabels();
  const language = currentLanguage();
  const format = useFormat();
  const products = client.products;
  // By their names in the user's language (its collation: Č after C in Slovak), not by ISO code.
  const countries = useMemo(() => countriesOf(products).sort((a, b) => format.country(a).localeCompare(format.country(b), format.locale)), [products, format]);
  const schema = useMemo(() => shipmentCreateSchemaFor(products), [products]);
  const [failure, setFailure] = useState<string[] | null>(null);
  const [point, setPoint] = useState<PickupPoint | null>(null);
  /** The address typed for home delivery, kept while a parcel point's address fills the fields. */
  const [homeAddress, setHomeAddress] = useState<Address | null>(null);
  const pickerId = useId();
  const create = useCreateShipment();
  const announceCreated = useAnnounceCreated();

  const firstCountry = countries.includes('SK') ? 'SK' : (countries[0] ?? '');
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    resetField,
    setError,
    clearErrors,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      receiver_country: firstCountry,
      delivery_method: 'home_delivery',
      product: defaultProduct(products, firstCountry),
      goods_type: 'GOODS',
    },
  });

  const [country, product, deliveryMethod] = useWatch({ control, name: ['receiver_country', 'product', 'delivery_method'] }) as [string, Product | undefined, FormInput['delivery_method']];
  const viaPoint = deliveryMethod !== 'home_delivery';
  const prefix = findCountry(country)?.phonePrefix ?? '';
  const pointAllowed = parcelPointAllowed(country, 'PRM') && productsFor(products, country).includes('PRM');
  const amount = useAmountInput(country);
  // Each number as understood ("= 2,5 kg"), beside its field while it is typed.
  const numbers = useWatch({ control, name: NUMBER_FIELDS });
  const shown = Object.fromEntries(NUMBER_FIELDS.map((name, i) => [name, numbers[i]])) as Record<NumberField, unknown>;

  const clearPoint = () => {
    setPoint(null);
    setValue('pickup_point_id', undefined);
  };

  /**
   * Puts an address into the fields as new ones: value set, earlier error and touch gone (a
   * setValue alone left the error of the value it replaced, red on a field now empty or read-only).
   */
  function fillAddress(address: Address) {
    for (const field of ADDRESS_FIELDS) resetField(field, { defaultValue: address[field] });
  }

  function chooseCountry(next: string) {
    // A new country starts over: home delivery, TRC when available, no address (and no point).
    setValue('delivery_method', 'home_delivery');
    setValue('product', defaultProduct(products, next));
    setHomeAddress(null);
    fillAddress(NO_ADDRESS);
    clearPoint();
    clearErrors('pickup_point_id');
  }

  function chooseDelivery(mode: 'courier' | 'point') {
    // The way already chosen: nothing to change (its point and address stay).
    if ((mode === 'point') === viaPoint) return;
    clearPoint();
    if (mode === 'courier') {
      // The address typed before the parcel point comes back, editable (none typed: empty).
      fillAddress(homeAddress ?? NO_ADDRESS);
      setHomeAddress(null);
      setValue('delivery_method', 'home_delivery');
      setValue('product', productsFor(products, country).includes('TRC') ? 'TRC' : defaultProduct(products, country));
    } else {
      // Only a chosen point's address goes to a point: the typed one waits for a return to courier.
      setHomeAddress(Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, getValues(field) ?? ''])) as Address);
      fillAddress(NO_ADDRESS);
      setValue('delivery_method', country === 'SK' ? 'parcel_locker' : 'pickup_point');
      setValue('product', 'PRM');
    }
  }

  function selectPoint(selected: PickupPoint) {
    setPoint(selected);
    setValue('pickup_point_id', selected.id, { shouldValidate: true });
    setValue('delivery_method', selected.delivery_method);
    fillAddress({
      receiver_address_line_1: selected.street,
      receiver_address_number: '',
      receiver_address_line_2: selected.name,
      receiver_city: selected.city,
      receiver_postal_code: selected.zip,
      receiver_region: '',
    });
  }


  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    let created: Awaited<ReturnType<typeof create.mutateAsync>>;
    try {
      created = await create.mutateAsync(values);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.isOffline) {
        setFailure([t`You are offline. Your entries are kept: send again when the connection is back.`]);
      } else {
        const unmatched = applyServerErrors(error, FORM_FIELDS, setError);
        const hasFields = Object.keys(error.fields).length > 0;
        if (!hasFields) setFailure([error.message]);
        else if (unmatched.length > 0) setFailure(unmatched);
      }
      // Field errors focus their field; anything else is read at the top of the page.
      if (!Object.keys(error.fields).length) window.scrollTo({ top: 0, behavior: 'smooth' });
      return;
    }
    // Which shipment, with its label at once; the list marks it new.
    announceCreated([created.shipment.item_number], 'created', [created.shipment.pickup_address_id]);
    onSent();
  }, () => {
    // No parcel point chosen yet: say so at the picker (the schema's point rule waits until the
    // other fields pass) rather than on the empty read-only address, which only a point fills.
    if (!viaPoint || point) return;
    clearErrors([...ADDRESS_FIELDS]);
    setError('pickup_point_id', { type: 'required', message: shipmentMessages.pickupPointRequired.id });
    // The picker takes the focus unless a field further down has an error (the form focuses that).
    document.getElementById(pickerId)?.focus();
  });

  // A read-only address (a parcel point's, or none yet) is not checked on leaving it: the clerk
  // cannot mend it there (the point's error says what is missing); a submit checks it as always.
  const addressField = (name: (typeof ADDRESS_FIELDS)[number]) => (viaPoint ? { ...register(name), onBlur: async () => {} } : register(name));

  // Typed as text in the user's language, "2,5" or "2.5" (number-text.ts); empty is "not given".
  const numberOptions = numberText(language, undefined);
  const number = (name: NumberField) => register(name, numberOptions);
  const centimetres = (name: 'width' | 'height' | 'length') => understood(shown[name], format.centimetres);
  const money = (name: 'cod_amount' | 'insurance') => understood(shown[name], (value) => format.amount(value, amount.currency));

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {failure && (
        <div role="alert" className="alert alert-error alert-soft">
          <ul>
            {failure.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}

      <section className="card bg-base-100 shadow-sm" aria-labelledby="send-destination">
        <div className="card-body gap-2">
          <h2 id="send-destination" className="card-title text-lg">
            <Trans>Destination and delivery</Trans>
          </h2>
          <div className="grid gap-x-4 sm:grid-cols-2">
            <SelectField label={t`Country`} registration={register('receiver_country', { onChange: (e: { target: { value: string } }) => chooseCountry(e.target.value) })} error={errors.receiver_country}>
              {countries.map((code) => (
                <option key={code} value={code}>
                  {countryName(code, language)}
                </option>
              ))}
            </SelectField>
            <SelectField label={t`Product`} registration={register('product')} error={errors.product} disabled={viaPoint}>
              {productsFor(products, country).map((code) => (
                <option key={code} value={code}>
                  {`${labels.product[code]} (${code})`}
                </option>
              ))}
            </SelectField>
          </div>

          {isParcelPointCountry(country) && (
            <fieldset className="fieldset">
              <legend className="fieldset-legend">
                <Trans>Delivery</Trans>
              </legend>
              <div className="join">
                <button type="button" className={`btn join-item ${!viaPoint ? 'btn-primary' : ''}`} aria-pressed={!viaPoint} onClick={() => chooseDelivery('courier')}>
                  <Trans>Courier to the address</Trans>
                </button>
                <button type="button" className={`btn join-item ${viaPoint ? 'btn-primary' : ''}`} aria-pressed={viaPoint} disabled={!pointAllowed} onClick={() => chooseDelivery('point')}>
                  {country === 'SK' ? <Trans>Box</Trans> : <Trans>PUDO</Trans>}
                </button>
              </div>
              {!pointAllowed && (
                <p className="label">
                  <Trans>Parcel points need the Parcel product for this country.</Trans>
                </p>
              )}
              {errors.delivery_method?.message && (
                <p className="label whitespace-normal text-error" role="alert">
                  {i18n._(errors.delivery_method.message)}
                </p>
              )}
            </fieldset>
          )}

          {viaPoint && (
            <PickupPointBox
              country={country}
              point={point}
              onSelect={selectPoint}
              pickerId={pickerId}
              error={
                errors.pickup_point_id?.message && (
                  <p className="label mt-2 text-error" role="alert">
                    {i18n._(errors.pickup_point_id.message)}
                  </p>
                )
              }
            />
          )}
        </div>
      </section>

      <section className="card bg-base-100 shadow-sm" aria-labelledby="send-recipient">
        <div className="card-body gap-0">
          <h2 id="send-recipient" className="card-title text-lg">
            <Trans>Recipient</Trans>
          </h2>
          {viaPoint && (
            <p className="text-sm text-base-content/70">
              {point ? <Trans>This is the chosen parcel point's address. Use Change above to choose another point.</Trans> : <Trans>Choose a parcel point above: its address fills in these fields.</Trans>}
            </p>
          )}
          <div className="grid gap-x-4 sm:grid-cols-2">
            <TextField label={t`Name`} registration={register('receiver_name')} error={errors.receiver_name} autoComplete="name" />
            <TextField label={t`Company (optional)`} registration={register('receiver_company_name')} error={errors.receiver_company_name} autoComplete="organization" />
            <TextField label={t`Street`} registration={addressField('receiver_address_line_1')} error={errors.receiver_address_line_1} readOnly={viaPoint} autoComplete="address-line1" />
            <TextField
              label={t`House number`}
              registration={addressField('receiver_address_number')}
              error={errors.receiver_address_number}
              readOnly={viaPoint}
              maxLength={addressNumberMax(product)}
            />
            <TextField label={t`Address line 2 (optional)`} registration={addressField('receiver_address_line_2')} error={errors.receiver_address_line_2} readOnly={viaPoint} autoComplete="address-line2" />
            <TextField label={t`City`} registration={addressField('receiver_city')} error={errors.receiver_city} readOnly={viaPoint} autoComplete="address-level2" />
            <TextField label={t`Postal code`} registration={addressField('receiver_postal_code')} error={errors.receiver_postal_code} readOnly={viaPoint} autoComplete="postal-code" />
            <TextField label={t`Region (optional)`} registration={addressField('receiver_region')} error={errors.receiver_region} readOnly={viaPoint} />
            <TextField label={t`Phone`} type="tel" registration={register('receiver_phone')} error={errors.receiver_phone} placeholder={`${prefix} …`} autoComplete="tel" />
            <TextField label={t`Email`} type="email" registration={register('receiver_email')} error={errors.receiver_email} autoComplete="email" />
            <TextField label={t`VAT number (optional)`} registration={register('receiver_vat_number')} error={errors.receiver_vat_number} />
          </div>
        </div>
      </section>

      <section className="card bg-base-100 shadow-sm" aria-labelledby="send-parcel">
        <div className="card-body gap-0">
          <h2 id="send-parcel" className="card-title text-lg">
            <Trans>Parcel</Trans>
          </h2>
          <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
            <TextField label={t`Weight (kg)`} {...numberInput('decimal')} registration={number('weight')} error={errors.weight} understood={understood(shown.weight, format.weight)} />
            <DimensionsHint country={country} product={product} deliveryMethod={deliveryMethod}>
              {(max) => (
                <>
                  <TextField label={t`Width (cm)`} {...numberInput('numeric')} registration={number('width')} error={errors.width} understood={centimetres('width')} placeholder={max ? t`max ${max.width} cm` : undefined} />
                  <TextField label={t`Height (cm)`} {...numberInput('numeric')} registration={number('height')} error={errors.height} understood={centimetres('height')} placeholder={max ? t`max ${max.height} cm` : undefined} />
                  <TextField label={t`Length (cm)`} {...numberInput('numeric')} registration={number('length')} error={errors.length} understood={centimetres('length')} placeholder={max ? t`max ${max.length} cm` : undefined} />
                </>
              )}
            </DimensionsHint>
          </div>
          <div className="grid gap-x-4 sm:grid-cols-2">
            <TextField label={t`Content`} registration={register('content')} error={errors.content} />
            <SelectField label={t`Goods type`} registration={register('goods_type')} error={errors.goods_type}>
              {GOODS_TYPES.map((g) => (
                <option key={g} value={g}>
                  {labels.goodsType[g]}
                </option>
              ))}
            </SelectField>
            {needsCustoms(country) && (
              <>
                <TextField label={t`HS tariff code`} registration={register('hs_tariff_code')} error={errors.hs_tariff_code} inputMode="numeric" maxLength={10} />
                <TextField label={t`Quantity`} {...numberInput('numeric')} registration={number('quantity')} error={errors.quantity} understood={understood(shown.quantity, format.number)} />
              </>
            )}
            <TextField label={t`Reference number (optional)`} registration={register('reference_number')} error={errors.reference_number} />
            <TextField label={t`Note for the courier (optional)`} registration={register('info')} error={errors.info} />
          </div>
        </div>
      </section>

      <section className="card bg-base-100 shadow-sm" aria-labelledby="send-services">
        <div className="card-body gap-0">
          <h2 id="send-services" className="card-title text-lg">
            <Trans>Services</Trans>
          </h2>
          <div className="grid gap-x-4 sm:grid-cols-2">
            <TextField label={t`Cash on delivery (optional)`} {...amount.input} hint={amount.rule} registration={number('cod_amount')} error={errors.cod_amount} understood={money('cod_amount')} />
            {insuranceAllowed(country, product) && (
              <TextField label={t`Insurance (optional)`} {...amount.input} hint={amount.rule} registration={number('insurance')} error={errors.insurance} understood={money('insurance')} />
            )}
          </div>
        </div>
      </section>

      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          <Trans>Send shipment</Trans>
        </button>
      </div>
    </form>
  );
}
