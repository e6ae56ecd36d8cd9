// What a wizard draft holds (spec section 3, "Wizard store", "Parcel", "RecipientInfo"). Everything
// is optional: a draft is saved as the user types, long before it would pass validation. Numbers
// are what the form holds (DraftNumber: null while an input is empty, the text as typed while it
// is not a number). The stored shape of a
// draft, so it sits beside the database's schema (db.ts); the wizard is the only one that fills it.
import type { Parcel } from '#shared/contract/shipments-wizard.ts';
import type { DeliveryMethod, GoodsType, Product } from '#shared/domain/enums.ts';
import type { PointType } from '#shared/domain/pickup-points.ts';

export type WizardStep = 1 | 2 | 3 | 4 | 5 | 6;

/** Step 2's choice: a courier (Postal operator for UTR) or a parcel point. */
export type DeliveryType = 'courier' | 'parcel_point';

/** RecipientInfo: the receiver_* fields and the delivery method. */
export interface DraftRecipient {
  receiver_company_name?: string;
  receiver_vat_number?: string;
  receiver_name?: string;
  receiver_address_line_1?: string;
  receiver_address_number?: string;
  receiver_address_line_2?: string;
  receiver_city?: string;
  receiver_postal_code?: string;
  receiver_country?: string;
  receiver_region?: string;
  receiver_phone?: string;
  receiver_email?: string;
  delivery_method?: DeliveryMethod;
}

/**
 * A number field as the form holds it (web/components/form/number-text.ts): the number, null (or
 * undefined) while the input is empty, or the text typed while it is not a number, such as "2.500"
 * in Slovak, which could be 2.5 or 2500 (README note 96): kept so that the check can say why.
 */
export type DraftNumber = number | string | null;

/** Step 4's package fields (the consignment's; sizes and weights live on each parcel). */
export interface DraftPackage {
  content?: string;
  info?: string;
  reference_number?: string;
  label_sender_name?: string;
  goods_type?: GoodsType;
  hs_tariff_code?: string;
  quantity?: DraftNumber;
  weight?: DraftNumber;
  width?: DraftNumber;
  height?: DraftNumber;
  length?: DraftNumber;
}

export type DraftParcel = { [K in keyof Parcel]?: (Parcel[K] extends number | undefined ? DraftNumber : Parcel[K]) | null };

/** Step 5: COD, insurance and the consent that must be given before Finish. */
export interface DraftServices {
  cod_amount?: DraftNumber;
  insurance?: DraftNumber;
  consent?: boolean;
}

/** The parcel point chosen on step 3 (read-only address fields in the form). */
export interface DraftPickupPoint {
  id: string;
  name: string;
  street: string;
  city: string;
  zip: string;
  delivery_method: PointType;
}

export interface WizardDraftData {
  step?: WizardStep;
  country?: string;
  product?: Product;
  delivery?: DeliveryType;
  pickupAddressId?: string;
  recipient?: DraftRecipient;
  package?: DraftPackage;
  parcels?: DraftParcel[];
  services?: DraftServices;
  pickupPoint?: DraftPickupPoint | null;
}
