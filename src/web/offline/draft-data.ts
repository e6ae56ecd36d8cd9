// What a wizard draft holds (spec section 3, "Wizard store", "Parcel", "RecipientInfo"). Everything
// is optional: a draft is saved as the user types, long before it would pass validation. Numbers
// are what the form holds (undefined or null while an input is empty).
import type { Parcel, WizardShipment } from '../../shared/contract/shipments-wizard.ts';
import type { DeliveryMethod, GoodsType, Product } from '../../shared/domain/enums.ts';
import type { PointType } from '../../shared/domain/pickup-points.ts';

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

/**
 * A draft rebuilt from a submission's payload: used when the server rejects a submission whose
 * draft no longer exists, so that the user still gets the data back to correct it.
 */
export function draftDataFromPayload(payload: WizardShipment): WizardDraftData {
  const viaPoint = payload.delivery_method !== 'home_delivery';
  return {
    step: 6,
    country: payload.receiver_country,
    product: payload.product,
    delivery: viaPoint ? 'parcel_point' : 'courier',
    pickupAddressId: payload.pickup_address_id,
    recipient: {
      receiver_company_name: payload.receiver_company_name ?? undefined,
      receiver_vat_number: payload.receiver_vat_number ?? undefined,
      receiver_name: payload.receiver_name ?? undefined,
      receiver_address_line_1: payload.receiver_address_line_1,
      receiver_address_number: payload.receiver_address_number ?? undefined,
      receiver_address_line_2: payload.receiver_address_line_2 ?? undefined,
      receiver_city: payload.receiver_city,
      receiver_postal_code: payload.receiver_postal_code,
      receiver_country: payload.receiver_country,
      receiver_region: payload.receiver_region ?? undefined,
      receiver_phone: payload.receiver_phone,
      receiver_email: payload.receiver_email,
      delivery_method: payload.delivery_method,
    },
    package: {
      content: payload.content,
      info: payload.info ?? undefined,
      reference_number: payload.reference_number,
      label_sender_name: payload.label_sender_name,
      goods_type: payload.goods_type,
    },
    parcels: payload.parcels.map((parcel) => ({ ...parcel })),
    services: { cod_amount: payload.cod_amount ?? null, insurance: payload.insurance ?? null, consent: true },
    pickupPoint:
      viaPoint && payload.pickup_point_id
        ? {
            id: payload.pickup_point_id,
            name: '',
            street: payload.receiver_address_line_1,
            city: payload.receiver_city,
            zip: payload.receiver_postal_code,
            delivery_method: payload.delivery_method as PointType,
          }
        : null,
  };
}
