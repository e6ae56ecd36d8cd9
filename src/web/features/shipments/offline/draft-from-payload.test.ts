import { describe, expect, it } from 'vitest';
import { draftDataFromPayload } from './draft-from-payload.ts';
import { wizardPayload } from '#tests/setup/web/offline-fixtures.ts';

describe('draftDataFromPayload', () => {
  it('gives back every field of a courier submission in the wizard\'s shape', () => {
    const payload = wizardPayload({ cod_amount: 25.5, receiver_company_name: 'Firma', info: 'Ring twice' });
    expect(draftDataFromPayload(payload)).toEqual({
      step: 6,
      country: 'SK',
      product: 'PRM',
      delivery: 'courier',
      pickupAddressId: payload.pickup_address_id,
      recipient: {
        receiver_company_name: 'Firma',
        receiver_vat_number: undefined,
        receiver_name: 'Jana Nováková',
        receiver_address_line_1: 'Hlavná 1',
        receiver_address_number: undefined,
        receiver_address_line_2: undefined,
        receiver_city: 'Žilina',
        receiver_postal_code: '01001',
        receiver_country: 'SK',
        receiver_region: undefined,
        receiver_phone: '+421900123456',
        receiver_email: 'jana@example.com',
        delivery_method: 'home_delivery',
      },
      package: { content: 'Seeds', info: 'Ring twice', reference_number: 'REF-1', label_sender_name: 'Zelená Záhrada', goods_type: 'GOODS' },
      parcels: payload.parcels,
      services: { cod_amount: 25.5, insurance: null, consent: true },
      pickupPoint: null,
    });
  });

  it('keeps the parcel point of a submission to a locker', () => {
    const data = draftDataFromPayload(wizardPayload({ delivery_method: 'parcel_locker', pickup_point_id: 'ALZABOX-1', receiver_address_line_1: 'Box street 1' }));
    expect(data.delivery).toBe('parcel_point');
    expect(data.pickupPoint).toEqual({ id: 'ALZABOX-1', name: '', street: 'Box street 1', city: 'Žilina', zip: '01001', delivery_method: 'parcel_locker' });
  });
});
