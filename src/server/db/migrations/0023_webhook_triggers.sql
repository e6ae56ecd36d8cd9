-- Webhook events from the changes themselves (README note 104): statement-level triggers write
-- the outbox rows (webhook_deliveries) in the transaction of the change, for every writer of
-- shipments and imports (form, wizard, import, depot scan, manifest, delete, partner events),
-- and only for the enabled endpoints of the company subscribed to the event's type.
-- The shipment's public fields, as the API answers them (toShipment; tests/api/webhook-events.test.ts compares the two).
CREATE FUNCTION webhook_iso(t timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS
$$ SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;
--> statement-breakpoint
CREATE FUNCTION webhook_shipment(s shipments) RETURNS jsonb LANGUAGE sql STABLE AS $$
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
    'unit_value', s.unit_value, 'country_origin', s.country_origin
  ) $$;
--> statement-breakpoint
CREATE FUNCTION webhook_message(event_type text, data jsonb) RETURNS text LANGUAGE sql VOLATILE AS
$$ SELECT jsonb_build_object('type', event_type, 'timestamp', webhook_iso(clock_timestamp()), 'data', data)::text $$;
--> statement-breakpoint
CREATE FUNCTION webhook_shipments_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Nothing to build when no affected company has an enabled endpoint (the usual case).
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.enabled AND e.company_id IN (SELECT company_id FROM new_rows)) THEN RETURN NULL; END IF;
  INSERT INTO webhook_deliveries (endpoint_id, message_id, event_type, ordering_key, body)
  SELECT e.id, m.id, 'shipment.created', n.item_number, m.body
  FROM new_rows n
  JOIN webhook_endpoints e ON e.company_id = n.company_id AND e.enabled AND 'shipment.created' = ANY (e.event_types)
  CROSS JOIN LATERAL (SELECT 'msg_' || replace(gen_random_uuid()::text, '-', '') AS id, webhook_message('shipment.created', webhook_shipment(n)) AS body OFFSET 0) m
  ORDER BY n.id, e.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION webhook_shipments_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Nothing to build when no affected company has an enabled endpoint (the usual case).
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.enabled AND e.company_id IN (SELECT company_id FROM new_rows)) THEN RETURN NULL; END IF;
  INSERT INTO webhook_deliveries (endpoint_id, message_id, event_type, ordering_key, body)
  SELECT e.id, m.id, c.event_type, c.item_number, m.body
  FROM (
    SELECT n.id, n.company_id, n.item_number, t.event_type, t.n AS rank, t.data
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    CROSS JOIN LATERAL (VALUES
      (1, 'shipment.status_changed', CASE WHEN n.status IS DISTINCT FROM o.status THEN webhook_shipment(n) || jsonb_build_object('previous_status', o.status) END),
      (2, 'shipment.deleted', CASE WHEN n.status = 'DELETED' AND o.status IS DISTINCT FROM 'DELETED' THEN webhook_shipment(n) END),
      (3, 'shipment.tracking_updated', CASE WHEN (n.tracking_status, n.tracking_status_at) IS DISTINCT FROM (o.tracking_status, o.tracking_status_at)
        THEN webhook_shipment(n) || jsonb_build_object('previous_tracking_status', o.tracking_status) END)
    ) AS t(n, event_type, data)
    WHERE t.data IS NOT NULL
      AND EXISTS (SELECT 1 FROM webhook_endpoints x WHERE x.company_id = n.company_id AND x.enabled AND t.event_type = ANY (x.event_types))
  ) c
  JOIN webhook_endpoints e ON e.company_id = c.company_id AND e.enabled AND c.event_type = ANY (e.event_types)
  CROSS JOIN LATERAL (SELECT 'msg_' || replace(gen_random_uuid()::text, '-', '') AS id, webhook_message(c.event_type, c.data) AS body WHERE c.id IS NOT NULL OFFSET 0) m
  ORDER BY c.id, c.rank, e.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION webhook_imports_finished() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Nothing to build when no affected company has an enabled endpoint (the usual case).
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.enabled AND e.company_id IN (SELECT company_id FROM new_rows)) THEN RETURN NULL; END IF;
  INSERT INTO webhook_deliveries (endpoint_id, message_id, event_type, ordering_key, body)
  SELECT e.id, m.id, 'import.finished', 'import:' || n.id, m.body
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  JOIN webhook_endpoints e ON e.company_id = n.company_id AND e.enabled AND 'import.finished' = ANY (e.event_types)
  CROSS JOIN LATERAL (SELECT 'msg_' || replace(gen_random_uuid()::text, '-', '') AS id,
    webhook_message('import.finished', jsonb_build_object('id', n.id, 'filename', n.filename, 'type', n.type, 'status', n.status,
      'total_rows', n.total_rows, 'successful', n.successful, 'failed', n.failed, 'created_at', webhook_iso(n.created_at),
      'finished_at', webhook_iso(n.finished_at))) AS body WHERE n.id IS NOT NULL OFFSET 0) m
  WHERE n.status IN ('COMPLETED', 'FAILED') AND o.status IS DISTINCT FROM n.status
  ORDER BY n.id, e.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER webhook_shipments_inserted AFTER INSERT ON shipments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_shipments_inserted();
--> statement-breakpoint
CREATE TRIGGER webhook_shipments_updated AFTER UPDATE ON shipments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_shipments_updated();
--> statement-breakpoint
CREATE TRIGGER webhook_imports_finished AFTER UPDATE ON imports REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_imports_finished();
