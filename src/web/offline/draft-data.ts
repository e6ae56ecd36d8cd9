// What a wizard draft holds (spec section 3, "Wizard store", "Parcel", "RecipientInfo"). Everything
// is optional: a draft is saved as the user types, long before it would pass validation. Numbers
// are what the form holds (undefined or null while an input is empty). The stored shape of a
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

/** Step 4's package fields (the consignment's; sizes and weights live on each parcel). */
export interface DraftPackage {
  content?: string;
  info?: string;
  reference_number?: string;
  label_sender_name?: string;
  goods_type?: GoodsType;
  hs_tariff_code?: string;
  quantity?: number | null;
  weight?: number | null;
  width?: number | null;
  height?: number | null;
  length?: number | null;
}

export type DraftParcel = { [K in keyof Parcel]?: Parcel[K] | null };

/** Step 5: COD, insurance and the consent that must be given before Finish. */
export interface DraftServices {
  cod_amount?: number | null;
  insurance?: number | null;
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
