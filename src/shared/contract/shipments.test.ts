import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import type { ProductsMap } from '../domain/shipment-rules.ts';
import { messages } from '../i18n/messages.ts';
import { shipmentMessages } from '../i18n/shipment-messages.ts';
import { bulkDeleteSchema, dimensionsQuerySchema, shipmentCreateSchema, shipmentCreateSchemaFor, shipmentListQuerySchema, type ShipmentCreate } from './shipments.ts';

/** The messages of the issues on one field. */
function messagesFor(result: { success: boolean; error?: z.core.$ZodError }, field: string): string[] {
  return (result.error?.issues ?? []).filter((i) => i.path[0] === field).map((i) => i.message);
}

function fieldsOf(result: { success: boolean; error?: z.core.$ZodError }): string[] {
  return [...new Set((result.error?.issues ?? []).map((i) => String(i.path[0])))].sort();
}

/** A valid single-form payload: a PRM parcel to Bratislava. */
function payload(overrides: Partial<Record<keyof ShipmentCreate, unknown>> = {}): Record<string, unknown> {
  return {
    delivery_method: 'home_delivery',
    product: 'PRM',
    receiver_name: 'Ján Novák',
    receiver_address_line_1: 'Obchodná',
    receiver_address_number: '12',
    receiver_city: 'Bratislava',
    receiver_postal_code: '81101',
    receiver_country: 'SK',
    receiver_phone: '0905 123 456',
    receiver_email: 'jan.novak@example.com',
    weight: 1.25,
    width: 30,
    height: 20,
    length: 10,
    content: 'Books',
    ...overrides,
  };
}

const PRODUCTS: ProductsMap = { SK: ['PRM', 'TRC', 'RTN'], AT: ['TRC', 'UTR'], CH: ['TRC'] };

describe('shipmentCreateSchema', () => {
  it('accepts a valid payload', () => {
    const result = shipmentCreateSchema.safeParse(payload());
    expect(result.success).toBe(true);
  });

  it('defaults goods_type to GOODS', () => {
    const result = shipmentCreateSchema.safeParse(payload());
    expect(result.success && result.data.goods_type).toBe('GOODS');
  });

  it('keeps a given goods_type and refuses an unknown one', () => {
    const gift = shipmentCreateSchema.safeParse(payload({ goods_type: 'GIFT' }));
    expect(gift.success && gift.data.goods_type).toBe('GIFT');
    for (const goodsType of ['', 'FOOD']) {
      expect(messagesFor(shipmentCreateSchema.safeParse(payload({ goods_type: goodsType })), 'goods_type')).toEqual([shipmentMessages.goodsTypeRequired.id]);
    }
  });

  it('upper-cases and trims the country', () => {
    const result = shipmentCreateSchema.safeParse(payload({ receiver_country: ' sk ' }));
    expect(result.success && result.data.receiver_country).toBe('SK');
  });

  it('trims text fields', () => {
    const result = shipmentCreateSchema.safeParse(payload({ receiver_name: '  Ján Novák ', content: ' Books\n' }));
    expect(result.success && [result.data.receiver_name, result.data.content]).toEqual(['Ján Novák', 'Books']);
  });

  it.each([
    ['receiver_name', shipmentMessages.nameRequired.id],
    ['receiver_address_line_1', shipmentMessages.addressRequired.id],
    ['receiver_city', shipmentMessages.cityRequired.id],
    ['receiver_postal_code', shipmentMessages.zipRequired.id],
    ['receiver_phone', shipmentMessages.phoneRequired.id],
    ['content', shipmentMessages.contentRequired.id],
  ] as const)('answers the spec message when %s is empty, blank or missing', (field, id) => {
    expect(id).toBe(`shipment.${field === 'content' ? 'content' : field}.required`);
    for (const value of ['', '   ', undefined]) {
      const result = shipmentCreateSchema.safeParse(payload({ [field]: value }));
      expect(result.success, String(value)).toBe(false);
      expect(messagesFor(result, field), String(value)).toEqual([id]);
    }
  });

  it("answers 'shipment.receiver_name.required' for an empty receiver_name (Name is required)", () => {
    const result = shipmentCreateSchema.safeParse(payload({ receiver_name: '' }));
    expect(messagesFor(result, 'receiver_name')).toEqual(['shipment.receiver_name.required']);
    expect(shipmentMessages.nameRequired.message).toBe('Name is required');
  });

  it('answers shipment.delivery_method.required for a missing or unknown delivery method', () => {
    for (const value of [undefined, '', 'drone']) {
      expect(messagesFor(shipmentCreateSchema.safeParse(payload({ delivery_method: value })), 'delivery_method'), String(value)).toEqual([shipmentMessages.deliveryMethodRequired.id]);
    }
  });

  it('accepts every delivery method of the enumeration', () => {
    for (const method of ['home_delivery', 'parcel_locker', 'pickup_point', 'other_pudo']) {
      expect(shipmentCreateSchema.safeParse(payload({ delivery_method: method })).success, method).toBe(true);
    }
  });

  it('answers shipment.receiver_country.required for a country that is not 2 characters', () => {
    for (const value of ['', 'S', 'SVK', undefined]) {
      expect(messagesFor(shipmentCreateSchema.safeParse(payload({ receiver_country: value })), 'receiver_country'), String(value)).toEqual([shipmentMessages.countryRequired.id]);
    }
  });

  it('answers shipment.receiver_email.required first for an empty email, and a format message for a bad one', () => {
    expect(messagesFor(shipmentCreateSchema.safeParse(payload({ receiver_email: '' })), 'receiver_email')[0]).toBe(shipmentMessages.emailRequired.id);
    expect(messagesFor(shipmentCreateSchema.safeParse(payload({ receiver_email: undefined })), 'receiver_email')).toEqual([shipmentMessages.emailRequired.id]);
    expect(messagesFor(shipmentCreateSchema.safeParse(payload({ receiver_email: 'jan.novak' })), 'receiver_email')).toEqual([messages.invalidEmail.id]);
  });

  it.each(['weight', 'width', 'height', 'length'] as const)('requires %s to be a positive number', (field) => {
    for (const value of [0, -1, undefined, '5']) {
      const result = shipmentCreateSchema.safeParse(payload({ [field]: value }));
      expect(messagesFor(result, field), `${field}=${String(value)}`).toEqual([messages.positiveNumber.id]);
    }
  });

  it('rejects a negative weight', () => {
    const result = shipmentCreateSchema.safeParse(payload({ weight: -0.5 }));
    expect(result.success).toBe(false);
    expect(messagesFor(result, 'weight')).toEqual([messages.positiveNumber.id]);
  });

  it('takes weights in steps of 0.001 kg', () => {
    expect(shipmentCreateSchema.safeParse(payload({ weight: 0.001 })).success).toBe(true);
    expect(shipmentCreateSchema.safeParse(payload({ weight: 1.001 })).success).toBe(true);
    expect(messagesFor(shipmentCreateSchema.safeParse(payload({ weight: 1.0005 })), 'weight')).toEqual([messages.weightStep.id]);
  });

  it('takes centimetres in steps of 0.1 up to 1000', () => {
    expect(shipmentCreateSchema.safeParse(payload({ width: 10.5, length: 1000 })).success).toBe(true);
    expect(messagesFor(shipmentCreateSchema.safeParse(payload({ width: 10.55 })), 'width')).toEqual([messages.positiveNumber.id]);
    expect(messagesFor(shipmentCreateSchema.safeParse(payload({ length: 1001 })), 'length')).toEqual([shipmentMessages.tooLarge.id]);
  });

  it.each(['cod_amount', 'insurance'] as const)('takes %s in steps of 0.01 and rejects 3 decimals', (field) => {
    expect(shipmentCreateSchema.safeParse(payload({ [field]: 10.01 })).success).toBe(true);
    expect(shipmentCreateSchema.safeParse(payload({ [field]: 0.3 })).success).toBe(true);
    const result = shipmentCreateSchema.safeParse(payload({ [field]: 10.005 }));
    expect(result.success).toBe(false);
    expect(messagesFor(result, field)).toEqual([messages.moneyStep.id]);
  });

  it.each(['cod_amount', 'insurance', 'quantity'] as const)('makes %s optional but positive when given', (field) => {
    expect(shipmentCreateSchema.safeParse(payload({ [field]: undefined })).success).toBe(true);
    expect(shipmentCreateSchema.safeParse(payload({ [field]: null })).success).toBe(true);
    expect(messagesFor(shipmentCreateSchema.safeParse(payload({ [field]: 0 })), field)).toEqual([messages.positiveNumber.id]);
    expect(messagesFor(shipmentCreateSchema.safeParse(payload({ [field]: -5 })), field)).toEqual([messages.positiveNumber.id]);
  });

  it('takes a whole quantity', () => {
    expect(shipmentCreateSchema.safeParse(payload({ quantity: 3 })).success).toBe(true);
    expect(shipmentCreateSchema.safeParse(payload({ quantity: 1.5 })).success).toBe(false);
  });

  it('limits hs_tariff_code to 10 and receiver_address_number to 10 characters', () => {
    expect(shipmentCreateSchema.safeParse(payload({ hs_tariff_code: '4901990000' })).success).toBe(true);
    expect(messagesFor(shipmentCreateSchema.safeParse(payload({ hs_tariff_code: '49019900001' })), 'hs_tariff_code')).toEqual([messages.tooLong.id]);
    expect(shipmentCreateSchema.safeParse(payload({ receiver_address_number: '1234567890' })).success).toBe(true);
    expect(messagesFor(shipmentCreateSchema.safeParse(payload({ receiver_address_number: '12345678901' })), 'receiver_address_number')).toEqual([messages.tooLong.id]);
  });

  it('makes company name, VAT number, reference number, HS code, product and info optional', () => {
    const result = shipmentCreateSchema.safeParse(
      payload({ product: undefined, receiver_company_name: null, receiver_vat_number: '', reference_number: undefined, hs_tariff_code: null, info: '' }),
    );
    expect(result.success).toBe(true);
  });

  it('refuses an unknown product', () => {
    expect(messagesFor(shipmentCreateSchema.safeParse(payload({ product: 'EXPRESS' })), 'product')).toEqual([shipmentMessages.productNotAllowed.id]);
  });

  it('reports every missing required field of an empty payload', () => {
    const result = shipmentCreateSchema.safeParse({});
    expect(fieldsOf(result)).toEqual(
      [
        'content',
        'delivery_method',
        'height',
        'length',
        'receiver_address_line_1',
        'receiver_city',
        'receiver_country',
        'receiver_email',
        'receiver_name',
        'receiver_phone',
        'receiver_postal_code',
        'weight',
        'width',
      ].sort(),
    );
  });
});

describe('shipmentCreateSchemaFor(products)', () => {
  const schema = shipmentCreateSchemaFor(PRODUCTS);

  it('accepts a payload that obeys the rules', () => {
    expect(schema.safeParse(payload()).success).toBe(true);
  });

  it('adds the country and product rule errors', () => {
    expect(messagesFor(schema.safeParse(payload({ receiver_country: 'FR', receiver_postal_code: '75001' })), 'receiver_country')).toEqual([shipmentMessages.countryNotAllowed.id]);
    expect(messagesFor(schema.safeParse(payload({ product: 'UTR' })), 'product')).toEqual([shipmentMessages.productNotAllowed.id]);
    expect(messagesFor(schema.safeParse(payload({ receiver_postal_code: '8110' })), 'receiver_postal_code')).toEqual([shipmentMessages.postalCodeInvalid.id]);
    expect(messagesFor(schema.safeParse(payload({ product: 'TRC', weight: 0.5, receiver_address_number: '123456' })), 'receiver_address_number')).toEqual([
      shipmentMessages.addressNumberTooLong.id,
    ]);
  });

  it('adds the customs and insurance rules', () => {
    const ch = schema.safeParse(payload({ receiver_country: 'CH', receiver_postal_code: '8001', product: 'TRC', weight: 0.5 }));
    expect(messagesFor(ch, 'hs_tariff_code')).toEqual([shipmentMessages.hsCodeRequired.id]);
    expect(messagesFor(ch, 'quantity')).toEqual([shipmentMessages.quantityRequired.id]);
    const at = schema.safeParse(payload({ receiver_country: 'AT', receiver_postal_code: '1010', product: 'TRC', weight: 0.5, insurance: 50 }));
    expect(messagesFor(at, 'insurance')).toEqual([shipmentMessages.insuranceNotAllowed.id]);
  });

  it('adds the rules on top of field errors', () => {
    const result = schema.safeParse(payload({ receiver_name: '', product: 'UTR' }));
    expect(messagesFor(result, 'receiver_name')).toEqual([shipmentMessages.nameRequired.id]);
    expect(messagesFor(result, 'product')).toEqual([shipmentMessages.productNotAllowed.id]);
  });

  it('requires pickup_point_id for a parcel locker', () => {
    const missing = schema.safeParse(payload({ delivery_method: 'parcel_locker' }));
    expect(fieldsOf(missing)).toEqual(['pickup_point_id']);
    expect(messagesFor(missing, 'pickup_point_id')).toEqual([shipmentMessages.pickupPointRequired.id]);
    expect(messagesFor(schema.safeParse(payload({ delivery_method: 'parcel_locker', pickup_point_id: '' })), 'pickup_point_id')).toEqual([shipmentMessages.pickupPointRequired.id]);
    expect(schema.safeParse(payload({ delivery_method: 'parcel_locker', pickup_point_id: 'SK-PT-0001' })).success).toBe(true);
  });

  it('requires pickup_point_id for pickup points and other PUDO too, not for home delivery', () => {
    for (const method of ['pickup_point', 'other_pudo']) {
      expect(messagesFor(schema.safeParse(payload({ delivery_method: method })), 'pickup_point_id'), method).toEqual([shipmentMessages.pickupPointRequired.id]);
    }
    expect(messagesFor(schema.safeParse(payload()), 'pickup_point_id')).toEqual([]);
  });

  it('refuses a parcel locker for TRC on delivery_method', () => {
    const result = schema.safeParse(payload({ delivery_method: 'parcel_locker', product: 'TRC', weight: 0.5, pickup_point_id: 'SK-PT-0001' }));
    expect(fieldsOf(result)).toEqual(['delivery_method']);
    expect(messagesFor(result, 'delivery_method')).toEqual([shipmentMessages.parcelPointNotAllowed.id]);
  });

  it('applies the locker size limits', () => {
    const result = schema.safeParse(payload({ delivery_method: 'parcel_locker', pickup_point_id: 'SK-PT-0001', width: 62 }));
    expect(messagesFor(result, 'width')).toEqual([shipmentMessages.tooLarge.id]);
  });
});

describe('shipmentListQuerySchema', () => {
  it('defaults skip to 0 and take to 25 and coerces query strings', () => {
    expect(shipmentListQuerySchema.parse({})).toEqual({ skip: 0, take: 25 });
    expect(shipmentListQuerySchema.parse({ skip: '50', take: '10', partner_id: '3', country: 'sk' })).toEqual({ skip: 50, take: 10, partner_id: 3, country: 'SK' });
  });

  it('takes dates as yyyy-MM-dd only', () => {
    expect(shipmentListQuerySchema.safeParse({ createdFrom: '2025-01-31', createdTo: '2025-02-01' }).success).toBe(true);
    for (const date of ['31.01.2025', '2025-1-31', '2025-01-31T00:00:00Z']) {
      expect(shipmentListQuerySchema.safeParse({ createdFrom: date }).success, date).toBe(false);
    }
  });

  it('refuses take above 100, a negative skip, an unknown status or partner', () => {
    for (const query of [{ take: '101' }, { take: '0' }, { skip: '-1' }, { status: 'LOST' }, { partner_id: '5' }, { company_id: 'x' }]) {
      expect(shipmentListQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });
});

describe('bulkDeleteSchema', () => {
  it('takes 1 to 500 item numbers', () => {
    expect(bulkDeleteSchema.safeParse({ item_numbers: ['PP0000000001'] }).success).toBe(true);
    expect(bulkDeleteSchema.safeParse({ item_numbers: [] }).success).toBe(false);
    expect(bulkDeleteSchema.safeParse({ item_numbers: Array.from({ length: 501 }, (_, i) => `PP${i}`) }).success).toBe(false);
    expect(bulkDeleteSchema.safeParse({ item_numbers: [''] }).success).toBe(false);
    expect(bulkDeleteSchema.safeParse({}).success).toBe(false);
  });
});

describe('dimensionsQuerySchema', () => {
  it('upper-cases the country and takes product and delivery type as optional', () => {
    expect(dimensionsQuerySchema.parse({ country: 'sk' })).toEqual({ country: 'SK' });
    expect(dimensionsQuerySchema.parse({ country: 'AT', product: 'TRC', delivery_type: 'home_delivery' })).toEqual({
      country: 'AT',
      product: 'TRC',
      delivery_type: 'home_delivery',
    });
    expect(dimensionsQuerySchema.safeParse({ country: 'SVK' }).success).toBe(false);
    expect(dimensionsQuerySchema.safeParse({ country: 'SK', delivery_type: 'drone' }).success).toBe(false);
  });
});
