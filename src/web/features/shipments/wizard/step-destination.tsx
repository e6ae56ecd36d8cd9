import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Product } from '#shared/domain/enums.ts';
import { countriesOf, defaultProduct, parcelPointAllowed, productsFor, type ProductsMap } from '#shared/domain/shipment-rules.ts';
import { SelectField } from '#web/components/form/select-field.tsx';
import { useFormat } from '#web/lib/format.ts';
import type { WizardDraftData } from '#web/offline/draft-data.ts';
import { useShipmentLabels } from '../components/use-shipment-labels.ts';
import { FieldErrorText, useFieldError } from './field-error.tsx';

/** Step 1: the destination country, then the product as cards, limited to the client's contract. */
export function StepDestination({ products }: { products: ProductsMap }) {
  const { t } = useLingui();
  const format = useFormat();
  const labels = useShipmentLabels();
  const { register, setValue, getValues } = useFormContext<WizardDraftData>();
  const [country, product] = useWatch<WizardDraftData, ['country', 'product']>({
    name: ['country', 'product'],
  });
  const countryError = useFieldError('country');
  const countries = useMemo(() => countriesOf(products).sort((a, b) => format.country(a).localeCompare(format.country(b), format.locale)), [products, format]);
  const available = country ? productsFor(products, country) : [];
  const descriptions = labels.productHint;

  // A new country or product keeps only the choices that still apply.
  const keepValidChoices = (nextCountry: string, nextProduct: Product | undefined) => {
    if (getValues('delivery') === 'parcel_point' && !parcelPointAllowed(nextCountry, nextProduct)) setValue('delivery', 'courier');
    if (getValues('pickupPoint')) setValue('pickupPoint', null);
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="max-w-sm">
        <SelectField
          label={t`Destination country`}
          error={countryError}
          registration={register('country', {
            onChange: (event: { target: { value: string } }) => {
              const next = event.target.value;
              const current = getValues('product');
              const nextProduct = current && productsFor(products, next).includes(current) ? current : defaultProduct(products, next);
              setValue('product', nextProduct, { shouldValidate: false });
              keepValidChoices(next, nextProduct);
            },
          })}
        >
          <option value="">{t`Choose a country`}</option>
          {countries.map((code) => (
            <option key={code} value={code}>
              {format.country(code)}
            </option>
          ))}
        </SelectField>
      </div>

      {country && (
        <fieldset className="fieldset">
          <legend className="fieldset-legend">
            <Trans>Product</Trans>
          </legend>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {available.map((code) => (
              <label
                key={code}
                className={`card cursor-pointer border-2 bg-base-100 transition-colors ${product === code ? 'border-primary bg-primary/5' : 'border-base-300 hover:border-base-content/30'}`}
              >
                <div className="card-body gap-1 p-4">
                  <span className="flex items-center gap-2">
                    <input
                      type="radio"
                      className="radio radio-primary radio-sm"
                      value={code}
                      {...register('product', {
                        onChange: () => keepValidChoices(country, code),
                      })}
                    />
                    <span className="min-w-0 font-semibold">{labels.product[code]}</span>
                    <span className="badge shrink-0 badge-ghost badge-sm">{code}</span>
                  </span>
                  <span className="text-sm text-base-content/70">{descriptions[code]}</span>
                </div>
              </label>
            ))}
          </div>
          <FieldErrorText path="product" />
        </fieldset>
      )}
    </div>
  );
}
