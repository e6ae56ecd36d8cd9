// The wizard's rules on top of its schema (spec section 5, "Wizard"): the single form's country
// and product rules once for the consignment, the size, weight and customs rules for each parcel
// (reported as parcels.N.field), and the wizard's own: a name or a company, fragile only for
// Hungary, one parcel for a Hungarian return. The wizard's steps and the server both call this.
import { shipmentMessages } from '../i18n/shipment-messages.ts';
import type { DeliveryMethod, Product } from './enums.ts';
import { checkShipmentRules, type ProductsMap, type RuleErrors } from './shipment-rules.ts';

/** Rules checked per parcel (parcels.N.field), not once for the consignment. */
export const PARCEL_RULE_FIELDS: ReadonlySet<string> = new Set(['weight', 'width', 'height', 'length', 'hs_tariff_code', 'quantity']);

export interface WizardParcelRuleInput {
  weight?: number | null | undefined;
  width?: number | null | undefined;
  height?: number | null | undefined;
  length?: number | null | undefined;
  quantity?: number | null | undefined;
  fragile?: boolean | null | undefined;
  hs_tariff_code?: string | null | undefined;
}

export interface WizardRuleInput {
  receiver_country: string;
  product: Product;
  delivery_method: DeliveryMethod;
  receiver_name?: string | null | undefined;
  receiver_company_name?: string | null | undefined;
  receiver_postal_code: string;
  receiver_phone: string;
  receiver_address_number?: string | null | undefined;
  cod_amount?: number | null | undefined;
  insurance?: number | null | undefined;
  pickup_point_id?: string | null | undefined;
  parcels: readonly WizardParcelRuleInput[];
}

/** A Hungarian return is one parcel: the wizard offers no "add parcel" for it. */
export function singleParcelOnly(country: string, product: Product | undefined): boolean {
  return country === 'HU' && product === 'RTN';
}

export function fragileAllowed(country: string): boolean {
  return country === 'HU';
}

/** Message ids per field (empty when valid); parcel fields are keyed `parcels.N.field`. */
export function checkWizardRules(input: WizardRuleInput, products: ProductsMap): RuleErrors {
  const errors: RuleErrors = {};
  const add = (field: string, id: string) => (errors[field] ??= []).push(id);
  const country = input.receiver_country;

  if (!input.receiver_name?.trim() && !input.receiver_company_name?.trim()) add('receiver_name', shipmentMessages.nameRequired.id);
  if (input.delivery_method !== 'home_delivery' && !input.pickup_point_id) add('pickup_point_id', shipmentMessages.pickupPointRequired.id);

  const common = checkShipmentRules(input, products);
  for (const [field, ids] of Object.entries(common)) if (!PARCEL_RULE_FIELDS.has(field)) ids.forEach((id) => add(field, id));

  input.parcels.forEach((parcel, index) => {
    const perParcel = checkShipmentRules({ ...input, ...parcel, cod_amount: null, insurance: null }, products);
    for (const [field, ids] of Object.entries(perParcel)) if (PARCEL_RULE_FIELDS.has(field)) ids.forEach((id) => add(`parcels.${index}.${field}`, id));
    if (parcel.fragile && !fragileAllowed(country)) add(`parcels.${index}.fragile`, shipmentMessages.fragileNotAllowed.id);
  });
  if (singleParcelOnly(country, input.product) && input.parcels.length > 1) add('parcels', shipmentMessages.singleParcelOnly.id);
  return errors;
}
