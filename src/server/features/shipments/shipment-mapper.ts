import type { Shipment } from '#shared/contract/shipments.ts';
import type { shipments } from '#server/db/schema.ts';

export type ShipmentRow = typeof shipments.$inferSelect;

/** A database row as the API's shipment; admin-only names are added by the caller. */
export function toShipment(row: ShipmentRow, extra: { company_name?: string; client_name?: string } = {}): Shipment {
  return {
    item_number: row.itemNumber,
    tracking_number: row.trackingNumber,
    reference_number: row.referenceNumber,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    tracking_status: row.trackingStatus,
    tracking_status_at: row.trackingStatusAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...extra,
    receiver_company_name: row.receiverCompanyName,
    receiver_name: row.receiverName,
    receiver_address_line_1: row.receiverAddressLine1,
    receiver_address_number: row.receiverAddressNumber,
    receiver_address_line_2: row.receiverAddressLine2,
    receiver_city: row.receiverCity,
    receiver_postal_code: row.receiverPostalCode,
    receiver_country: row.receiverCountry,
    receiver_region: row.receiverRegion,
    receiver_phone: row.receiverPhone,
    receiver_email: row.receiverEmail,
    receiver_vat_number: row.receiverVatNumber,
    delivery_method: row.deliveryMethod,
    product: row.product,
    goods_type: row.goodsType,
    weight: row.weight,
    height: row.height,
    width: row.width,
    length: row.length,
    quantity: row.quantity,
    hs_tariff_code: row.hsTariffCode,
    cod_amount: row.codAmount,
    insurance: row.insurance,
    content: row.content,
    info: row.info,
    partner_name: row.partnerName,
    label_sender_name: row.labelSenderName,
    pickup_address_id: row.pickupAddressId,
    pickup_point_id: row.pickupPointId,
    consignment_number: row.consignmentNumber,
    parcel_reference: row.parcelReference,
    fragile: row.fragile,
    unit_value: row.unitValue,
    country_origin: row.countryOrigin,
  };
}
