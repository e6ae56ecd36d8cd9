// The country and product rules of a shipment, as pure functions: the send form, the wizard and
// the server all call these, so a rule reads the same everywhere.
import { messages, type MessageDescriptor } from '../i18n/messages.ts';
import { shipmentMessages } from '../i18n/shipment-messages.ts';
import { moneyMessages } from '../i18n/money-messages.ts';
import { addressProblems } from './address-rules.ts';
import { CUSTOMS_COUNTRIES, findCountry, PARCEL_POINT_COUNTRIES, type SizeLimits } from './countries.ts';
import { codCurrency, hasAtMostTwoDecimals, isAmountAllowed } from './currencies.ts';
import type { DeliveryMethod, Product } from './enums.ts';
import { ADDRESS_NUMBER_MAX, ADDRESS_NUMBER_MAX_TRC, HS_CODE_MAX } from './limits.ts';

/** country code -> products the client may send there (the token's `data.products`). */
export type ProductsMap = Record<string, readonly Product[]>;

export function countriesOf(products: ProductsMap): string[] {
  return Object.keys(products).filter((c) => (products[c]?.length ?? 0) > 0).sort();
}

export function productsFor(products: ProductsMap, country: string): readonly Product[] {
  return products[country] ?? [];
}

/** TRC when the client has it for the country, else the first available product. */
export function defaultProduct(products: ProductsMap, country: string): Product | undefined {
  const list = productsFor(products, country);
  return list.includes('TRC') ? 'TRC' : list[0];
}

export function isParcelPointCountry(country: string): boolean {
  return (PARCEL_POINT_COUNTRIES as readonly string[]).includes(country);
}

/** Lockers and pickup points: only CZ, SK, PL, HU and never for RTN, TRC or UTR. */
export function parcelPointAllowed(country: string, product: Product | undefined): boolean {
  return isParcelPointCountry(country) && (product === undefined || !['RTN', 'TRC', 'UTR'].includes(product));
}

export function needsCustoms(country: string): boolean {
  return (CUSTOMS_COUNTRIES as readonly string[]).includes(country);
}

/** No insurance for tracked letters to Austria. */
export function insuranceAllowed(country: string, product: Product | undefined): boolean {
  return !(country === 'AT' && product === 'TRC');
}

export function addressNumberMax(product: Product | undefined): number {
  return product === 'TRC' ? ADDRESS_NUMBER_MAX_TRC : ADDRESS_NUMBER_MAX;
}

/** A parcel locker's largest compartment (cm); lockers are tighter than the country's limits. */
export const LOCKER_LIMITS: SizeLimits = { maxWidth: 61, maxHeight: 39, maxLength: 64 };

/** Size limits per country, product and delivery type; null for an unknown country. */
export function sizeLimits(country: string, _product: Product | undefined, deliveryMethod: DeliveryMethod | undefined): SizeLimits | null {
  const base = findCountry(country);
  if (!base) return null;
  const limits = { maxWidth: base.maxWidth, maxHeight: base.maxHeight, maxLength: base.maxLength };
  if (deliveryMethod === 'parcel_locker') {
    return {
      maxWidth: Math.min(limits.maxWidth, LOCKER_LIMITS.maxWidth),
      maxHeight: Math.min(limits.maxHeight, LOCKER_LIMITS.maxHeight),
      maxLength: Math.min(limits.maxLength, LOCKER_LIMITS.maxLength),
    };
  }
  return limits;
}

/** Heaviest item per product (kg): letters 2 kg, parcels and returns 31.5 kg. */
export function maxWeight(product: Product | undefined): number {
  return product === 'TRC' || product === 'UTR' ? 2 : 31.5;
}

export interface RuleInput {
  receiver_country: string;
  product?: Product | undefined;
  delivery_method: DeliveryMethod;
  receiver_postal_code: string;
  receiver_phone: string;
  receiver_address_number?: string | null | undefined;
  weight?: number | null | undefined;
  width?: number | null | undefined;
  height?: number | null | undefined;
  length?: number | null | undefined;
  hs_tariff_code?: string | null | undefined;
  quantity?: number | null | undefined;
  cod_amount?: number | null | undefined;
  insurance?: number | null | undefined;
}

export type RuleErrors = Record<string, string[]>;

/** Why an amount off its currency's step is refused: the currency's own message, or "two decimal places" for cents. */
export function amountMessage(currency: string): MessageDescriptor {
  return (moneyMessages as Record<string, MessageDescriptor>)[currency.toLowerCase()] ?? messages.moneyStep;
}

/**
 * The message id for an amount (COD, insurance) that its currency, the destination country's,
 * does not allow (whole crowns in CZK, multiples of 5 forints in HUF…); null when it is allowed or
 * when the schema already refuses it (not positive, more than two decimals).
 */
export function amountProblem(amount: number | null | undefined, country: string): string | null {
  if (amount === null || amount === undefined || !(amount > 0) || !hasAtMostTwoDecimals(amount)) return null;
  const currency = codCurrency(country);
  return isAmountAllowed(amount, currency) ? null : amountMessage(currency).id;
}

/**
 * Every country and product rule at once; answers message ids per field (empty when valid).
 * `products` is the client's products map; the product is the one chosen or the default.
 */
export function checkShipmentRules(input: RuleInput, products: ProductsMap): RuleErrors {
  const errors: RuleErrors = {};
  const add = (field: string, id: string) => (errors[field] ??= []).push(id);
  const country = input.receiver_country;
  const product = input.product ?? defaultProduct(products, country);

  if (productsFor(products, country).length === 0) add('receiver_country', shipmentMessages.countryNotAllowed.id);
  else if (!product || !productsFor(products, country).includes(product)) add('product', shipmentMessages.productNotAllowed.id);

  if (input.delivery_method !== 'home_delivery' && !parcelPointAllowed(country, product)) {
    add('delivery_method', shipmentMessages.parcelPointNotAllowed.id);
  }

  // The address rules of every address (address-rules.ts), in the recipient's words.
  const addressFails = addressProblems({ country, postalCode: input.receiver_postal_code, phone: input.receiver_phone });
  if (addressFails.includes('postalCode')) add('receiver_postal_code', shipmentMessages.postalCodeInvalid.id);
  if (addressFails.includes('phone')) add('receiver_phone', shipmentMessages.phoneInvalid.id);
  if ((input.receiver_address_number ?? '').length > addressNumberMax(product)) {
    add('receiver_address_number', shipmentMessages.addressNumberTooLong.id);
  }

  const limits = sizeLimits(country, product, input.delivery_method);
  if (limits) {
    if ((input.width ?? 0) > limits.maxWidth) add('width', shipmentMessages.tooLarge.id);
    if ((input.height ?? 0) > limits.maxHeight) add('height', shipmentMessages.tooLarge.id);
    if ((input.length ?? 0) > limits.maxLength) add('length', shipmentMessages.tooLarge.id);
  }
  if ((input.weight ?? 0) > maxWeight(product)) add('weight', shipmentMessages.tooHeavy.id);

  if (needsCustoms(country)) {
    const hs = (input.hs_tariff_code ?? '').trim();
    if (!hs) add('hs_tariff_code', shipmentMessages.hsCodeRequired.id);
    else if (!new RegExp(`^\\d{6,${HS_CODE_MAX}}$`).test(hs)) add('hs_tariff_code', shipmentMessages.hsCodeInvalid.id);
    if (input.quantity === undefined || input.quantity === null) add('quantity', shipmentMessages.quantityRequired.id);
  }
  const codProblem = amountProblem(input.cod_amount, country);
  if (codProblem) add('cod_amount', codProblem);
  if (input.insurance && !insuranceAllowed(country, product)) add('insurance', shipmentMessages.insuranceNotAllowed.id);
  else {
    const insuranceProblem = amountProblem(input.insurance, country);
    if (insuranceProblem) add('insurance', insuranceProblem);
  }

  return errors;
}
