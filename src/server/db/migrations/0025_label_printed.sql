ALTER TABLE "shipments" ADD COLUMN "label_printed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "label_prints" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "shipments_company_unprinted_idx" ON "shipments" USING btree ("company_id","created_at","id") WHERE "shipments"."status" = 'CREATED' and "shipments"."label_printed_at" is null;--> statement-breakpoint
-- Webhooks carry a shipment as the API answers it: with its label's printed status too.
CREATE OR REPLACE FUNCTION webhook_shipment(s shipments) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'item_number', s.item_number, 'tracking_number', s.tracking_number, 'reference_number', s.reference_number,
    'status', s.status, 'created_at', webhook_iso(s.created_at), 'tracking_status', s.tracking_status,
    'tracking_status_at', webhook_iso(s.tracking_status_at), 'updated_at', webhook_iso(s.updated_at),
    'receiver_company_name', s.receiver_company_name, 'receiver_name', s.receiver_name,
    'receiver_address_line_1', s.receiver_address_line_1, 'receiver_address_number', s.receiver_address_number,
    'receiver_address_line_2', s.receiver_address_line_2, 'receiver_city', s.receiver_city,
    'receiver_postal_code', s.receiver_postal_code, 'receiver_country', s.receiver_country,
    'receiver_region', s.receiver_region, 'receiver_phone', s.receiver_phone, 'receiver_email', s.receiver_email,
    'receiver_vat_number', s.receiver_vat_number, 'delivery_method', s.delivery_method, 'product', s.product
  ) || jsonb_build_object(
    'goods_type', s.goods_type, 'weight', s.weight, 'height', s.height, 'width', s.width, 'length', s.length,
    'quantity', s.quantity, 'hs_tariff_code', s.hs_tariff_code, 'cod_amount', s.cod_amount, 'insurance', s.insurance,
    'content', s.content, 'info', s.info, 'partner_name', s.partner_name, 'label_sender_name', s.label_sender_name,
    'pickup_address_id', s.pickup_address_id, 'pickup_point_id', s.pickup_point_id,
    'consignment_number', s.consignment_number, 'parcel_reference', s.parcel_reference, 'fragile', s.fragile,
    'unit_value', s.unit_value, 'country_origin', s.country_origin,
    'label_printed_at', webhook_iso(s.label_printed_at), 'label_prints', s.label_prints
  ) $$;
