// A wizard draft rebuilt from the payload of a submission: the outbox engine's way to give the data
// back when the server rejects a submission whose draft no longer exists.
import type { WizardShipment } from '#shared/contract/shipments-wizard.ts';
import type { PointType } from '#shared/domain/pickup-points.ts';
import type { WizardDraftData } from '#web/offline/draft-data.ts';

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
      reference_number: payload.reference_number ?? undefined,
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
