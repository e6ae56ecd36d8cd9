import { describe, expect, it } from 'vitest';
import { messages } from '../i18n/messages.ts';
import { shipmentMessages } from '../i18n/shipment-messages.ts';
import { moneyMessages } from '../i18n/money-messages.ts';
import type { Product } from './enums.ts';
import { STEPPED_CURRENCIES } from './currencies.ts';
import {
  addressNumberMax,
  amountMessage,
  checkShipmentRules,
  countriesOf,
  defaultProduct,
  insuranceAllowed,
  maxWeight,
  needsCustoms,
  parcelPointAllowed,
  productsFor,
  sizeLimits,
  type ProductsMap,
  type RuleInput,
} from './shipment-rules.ts';

/** demo-user's contract (seed-demo): PRM+TRC in SK CZ PL HU, TRC+UTR in DE AT, TRC in CH GB, RTN in SK HU. */
const DEMO_PRODUCTS: ProductsMap = {
  SK: ['PRM', 'TRC', 'RTN'],
  CZ: ['PRM', 'TRC'],
  PL: ['PRM', 'TRC'],
  HU: ['PRM', 'TRC', 'RTN'],
  DE: ['TRC', 'UTR'],
  AT: ['TRC', 'UTR'],
  CH: ['TRC'],
  GB: ['TRC'],
};

/** Every product everywhere it matters here. */
const ALL: ProductsMap = Object.fromEntries(
  ['SK', 'CZ', 'PL', 'HU', 'DE', 'AT', 'CH', 'GB', 'NO', 'LI', 'ES', 'FR'].map((c) => [c, ['UTR', 'TRC', 'PRM', 'RTN'] as Product[]]),
);

/** A home delivery to Slovakia that obeys every rule. */
function valid(overrides: Partial<RuleInput> = {}): RuleInput {
  return {
    receiver_country: 'SK',
    product: 'PRM',
    delivery_method: 'home_delivery',
    receiver_postal_code: '81101',
    receiver_phone: '0905 123 456',
    receiver_address_number: '12',
    weight: 1.5,
    width: 30,
    height: 20,
    length: 10,
    ...overrides,
  };
}

describe('products map helpers', () => {
  it('lists the countries that have at least one product, sorted', () => {
    expect(countriesOf({ SK: ['PRM'], AT: ['TRC'], FR: [] })).toEqual(['AT', 'SK']);
  });

  it('answers the products of a country, none for another', () => {
    expect(productsFor(DEMO_PRODUCTS, 'DE')).toEqual(['TRC', 'UTR']);
    expect(productsFor(DEMO_PRODUCTS, 'FR')).toEqual([]);
  });
});

describe('defaultProduct', () => {
  it('prefers TRC when the client has it', () => {
    expect(defaultProduct(DEMO_PRODUCTS, 'SK')).toBe('TRC');
    expect(defaultProduct({ DE: ['UTR', 'TRC'] }, 'DE')).toBe('TRC');
  });

  it('else takes the first product', () => {
    expect(defaultProduct({ SK: ['RTN', 'PRM'] }, 'SK')).toBe('RTN');
    expect(defaultProduct({ DE: ['UTR'] }, 'DE')).toBe('UTR');
  });

  it('answers undefined for a country without products', () => {
    expect(defaultProduct(DEMO_PRODUCTS, 'FR')).toBeUndefined();
    expect(defaultProduct({ FR: [] }, 'FR')).toBeUndefined();
  });
});

describe('parcelPointAllowed', () => {
  it.each(['CZ', 'SK', 'PL', 'HU'])('allows PRM to %s', (country) => {
    expect(parcelPointAllowed(country, 'PRM')).toBe(true);
  });

  it.each(['CZ', 'SK', 'PL', 'HU'])('refuses RTN, TRC and UTR to %s', (country) => {
    for (const product of ['RTN', 'TRC', 'UTR'] as const) expect(parcelPointAllowed(country, product), product).toBe(false);
  });

  it.each(['DE', 'AT', 'CH', 'FR'])('refuses every product to %s', (country) => {
    for (const product of ['PRM', 'RTN', 'TRC', 'UTR'] as const) expect(parcelPointAllowed(country, product), product).toBe(false);
  });

  it('allows a parcel-point country before a product is chosen', () => {
    expect(parcelPointAllowed('SK', undefined)).toBe(true);
    expect(parcelPointAllowed('DE', undefined)).toBe(false);
  });
});

describe('needsCustoms', () => {
  it.each(['CH', 'GB', 'NO', 'LI'])('is true for %s', (country) => {
    expect(needsCustoms(country)).toBe(true);
  });

  it.each(['AT', 'DE', 'SK', 'IS'])('is false for %s', (country) => {
    expect(needsCustoms(country)).toBe(false);
  });
});

describe('insuranceAllowed', () => {
  it('is false only for AT with TRC', () => {
    expect(insuranceAllowed('AT', 'TRC')).toBe(false);
    expect(insuranceAllowed('AT', 'UTR')).toBe(true);
    expect(insuranceAllowed('AT', 'PRM')).toBe(true);
    expect(insuranceAllowed('AT', undefined)).toBe(true);
    expect(insuranceAllowed('DE', 'TRC')).toBe(true);
    expect(insuranceAllowed('SK', 'TRC')).toBe(true);
  });
});

describe('addressNumberMax', () => {
  it('is 5 for TRC, else 10', () => {
    expect(addressNumberMax('TRC')).toBe(5);
    for (const product of ['PRM', 'RTN', 'UTR', undefined] as const) expect(addressNumberMax(product)).toBe(10);
  });
});

describe('maxWeight', () => {
  it('is 2 kg for letters (TRC, UTR), 31.5 kg otherwise', () => {
    expect(maxWeight('TRC')).toBe(2);
    expect(maxWeight('UTR')).toBe(2);
    expect(maxWeight('PRM')).toBe(31.5);
    expect(maxWeight('RTN')).toBe(31.5);
  });
});

describe('sizeLimits', () => {
  it('gives Slovakia width 150', () => {
    expect(sizeLimits('SK', 'PRM', 'home_delivery')).toEqual({ maxWidth: 150, maxHeight: 60, maxLength: 60 });
  });

  it('gives Austria width 100', () => {
    expect(sizeLimits('AT', 'TRC', 'home_delivery')).toEqual({ maxWidth: 100, maxHeight: 60, maxLength: 60 });
  });

  it('gives Spain 50/40/120 (width/height/length)', () => {
    expect(sizeLimits('ES', 'PRM', 'home_delivery')).toEqual({ maxWidth: 50, maxHeight: 40, maxLength: 120 });
  });

  it.each(['DE', 'AL', 'AD', 'BY', 'CZ'])('gives %s the default 120/60/60', (country) => {
    expect(sizeLimits(country, undefined, undefined)).toEqual({ maxWidth: 120, maxHeight: 60, maxLength: 60 });
  });

  it('reads a lower-case country', () => {
    expect(sizeLimits('sk', undefined, undefined)?.maxWidth).toBe(150);
  });

  it('makes a parcel locker tighter than the country in every dimension, never larger', () => {
    for (const country of ['SK', 'CZ', 'PL', 'HU', 'ES']) {
      const home = sizeLimits(country, 'PRM', 'home_delivery')!;
      const locker = sizeLimits(country, 'PRM', 'parcel_locker')!;
      expect(locker.maxWidth, country).toBeLessThanOrEqual(home.maxWidth);
      expect(locker.maxHeight, country).toBeLessThanOrEqual(home.maxHeight);
      expect(locker.maxLength, country).toBeLessThanOrEqual(home.maxLength);
      expect(locker.maxWidth + locker.maxHeight + locker.maxLength, country).toBeLessThan(home.maxWidth + home.maxHeight + home.maxLength);
    }
    expect(sizeLimits('SK', 'PRM', 'parcel_locker')).toEqual({ maxWidth: 61, maxHeight: 39, maxLength: 60 });
  });

  it('keeps the country limits for pickup points', () => {
    expect(sizeLimits('SK', 'PRM', 'pickup_point')).toEqual(sizeLimits('SK', 'PRM', 'home_delivery'));
  });

  it('answers null for an unknown country', () => {
    expect(sizeLimits('XX', 'PRM', 'home_delivery')).toBeNull();
    expect(sizeLimits('', undefined, undefined)).toBeNull();
  });
});

describe('checkShipmentRules', () => {
  it('answers {} for a valid shipment', () => {
    expect(checkShipmentRules(valid(), DEMO_PRODUCTS)).toEqual({});
  });

  it('answers {} for valid shipments to each contracted country', () => {
    const cases: RuleInput[] = [
      valid({ receiver_country: 'CZ', receiver_postal_code: '602 00', receiver_phone: '+420602345678' }),
      valid({ receiver_country: 'PL', receiver_postal_code: '00-950', receiver_phone: '601 234 567' }),
      valid({ receiver_country: 'HU', product: 'RTN', receiver_postal_code: '1051', receiver_phone: '+36 1 234 5678' }),
      valid({ receiver_country: 'DE', product: 'UTR', receiver_postal_code: '10115', receiver_phone: '030 1234567', weight: 0.2 }),
      valid({ receiver_country: 'AT', product: 'TRC', receiver_postal_code: '1010', receiver_phone: '01 5123456', weight: 0.2, receiver_address_number: '5' }),
      valid({ receiver_country: 'CH', product: 'TRC', receiver_postal_code: '8001', receiver_phone: '044 123 45 67', weight: 0.2, hs_tariff_code: '490199', quantity: 1 }),
      valid({ receiver_country: 'GB', product: 'TRC', receiver_postal_code: 'SW1A 1AA', receiver_phone: '020 7946 0000', weight: 0.2, hs_tariff_code: '4901990000', quantity: 2 }),
      valid({ delivery_method: 'parcel_locker', width: 61, height: 39, length: 60 }),
    ];
    for (const input of cases) expect(checkShipmentRules(input, DEMO_PRODUCTS), `${input.receiver_country} ${input.product}`).toEqual({});
  });

  it('uses the default product (TRC) when none is given', () => {
    // TRC: house numbers of at most 5 characters and letters of at most 2 kg.
    expect(checkShipmentRules(valid({ product: undefined, receiver_address_number: '123456' }), DEMO_PRODUCTS)).toEqual({
      receiver_address_number: [shipmentMessages.addressNumberTooLong.id],
    });
    expect(checkShipmentRules(valid({ product: undefined, weight: 3 }), DEMO_PRODUCTS)).toEqual({ weight: [shipmentMessages.tooHeavy.id] });
  });

  it('refuses a country outside the products map on receiver_country', () => {
    const errors = checkShipmentRules(valid({ receiver_country: 'FR', receiver_postal_code: '75001', receiver_phone: '01 23 45 67 89' }), DEMO_PRODUCTS);
    expect(errors).toEqual({ receiver_country: [shipmentMessages.countryNotAllowed.id] });
  });

  it('refuses a product the client does not have for the country on product', () => {
    expect(checkShipmentRules(valid({ product: 'UTR', weight: 0.1 }), DEMO_PRODUCTS)).toEqual({ product: [shipmentMessages.productNotAllowed.id] });
    expect(checkShipmentRules(valid({ receiver_country: 'DE', receiver_postal_code: '10115', product: 'PRM' }), DEMO_PRODUCTS)).toEqual({
      product: [shipmentMessages.productNotAllowed.id],
    });
  });

  it.each(['parcel_locker', 'pickup_point', 'other_pudo'] as const)('refuses %s for TRC, RTN and UTR', (method) => {
    for (const product of ['TRC', 'RTN', 'UTR'] as const) {
      const errors = checkShipmentRules(valid({ delivery_method: method, product, weight: 0.5, width: 10, height: 10, length: 10, receiver_address_number: '1' }), ALL);
      expect(errors, product).toEqual({ delivery_method: [shipmentMessages.parcelPointNotAllowed.id] });
    }
  });

  it('refuses a parcel locker outside CZ, SK, PL and HU', () => {
    const errors = checkShipmentRules(valid({ receiver_country: 'DE', receiver_postal_code: '10115', delivery_method: 'pickup_point' }), ALL);
    expect(errors).toEqual({ delivery_method: [shipmentMessages.parcelPointNotAllowed.id] });
  });

  it.each(['CZ', 'SK', 'PL', 'HU'])('allows every parcel-point method with PRM to %s', (country) => {
    const postal = { CZ: '11000', SK: '81101', PL: '00950', HU: '1051' }[country]!;
    for (const method of ['parcel_locker', 'pickup_point', 'other_pudo'] as const) {
      expect(checkShipmentRules(valid({ receiver_country: country, receiver_postal_code: postal, receiver_phone: '+421905123456', delivery_method: method }), ALL), method).toEqual({});
    }
  });

  it('refuses a postal code that does not fit the country', () => {
    expect(checkShipmentRules(valid({ receiver_postal_code: '8110' }), DEMO_PRODUCTS)).toEqual({ receiver_postal_code: [shipmentMessages.postalCodeInvalid.id] });
  });

  it('leaves an empty postal code and phone to the schema', () => {
    expect(checkShipmentRules(valid({ receiver_postal_code: '', receiver_phone: '' }), DEMO_PRODUCTS)).toEqual({});
  });

  it('refuses a phone that does not normalise', () => {
    expect(checkShipmentRules(valid({ receiver_phone: '0905 ABC' }), DEMO_PRODUCTS)).toEqual({ receiver_phone: [shipmentMessages.phoneInvalid.id] });
    expect(checkShipmentRules(valid({ receiver_phone: '123' }), DEMO_PRODUCTS)).toEqual({ receiver_phone: [shipmentMessages.phoneInvalid.id] });
  });

  it('refuses a house number longer than 5 characters for TRC only', () => {
    const trc = { product: 'TRC' as const, weight: 0.5 };
    expect(checkShipmentRules(valid({ ...trc, receiver_address_number: '12345' }), DEMO_PRODUCTS)).toEqual({});
    expect(checkShipmentRules(valid({ ...trc, receiver_address_number: '123/4a' }), DEMO_PRODUCTS)).toEqual({
      receiver_address_number: [shipmentMessages.addressNumberTooLong.id],
    });
    expect(checkShipmentRules(valid({ receiver_address_number: '1234567890' }), DEMO_PRODUCTS)).toEqual({});
    expect(checkShipmentRules(valid({ receiver_address_number: '12345678901' }), DEMO_PRODUCTS)).toEqual({
      receiver_address_number: [shipmentMessages.addressNumberTooLong.id],
    });
    expect(checkShipmentRules(valid({ ...trc, receiver_address_number: null }), DEMO_PRODUCTS)).toEqual({});
  });

  it('refuses each dimension above the limit, not at it', () => {
    expect(checkShipmentRules(valid({ width: 150, height: 60, length: 60 }), DEMO_PRODUCTS)).toEqual({});
    expect(checkShipmentRules(valid({ width: 151, height: 61, length: 61 }), DEMO_PRODUCTS)).toEqual({
      width: [shipmentMessages.tooLarge.id],
      height: [shipmentMessages.tooLarge.id],
      length: [shipmentMessages.tooLarge.id],
    });
    expect(checkShipmentRules(valid({ receiver_country: 'AT', receiver_postal_code: '1010', product: 'UTR', weight: 0.5, width: 101 }), DEMO_PRODUCTS)).toEqual({
      width: [shipmentMessages.tooLarge.id],
    });
  });

  it('applies the tighter locker limits to a parcel locker', () => {
    expect(checkShipmentRules(valid({ delivery_method: 'parcel_locker', width: 62, height: 40 }), DEMO_PRODUCTS)).toEqual({
      width: [shipmentMessages.tooLarge.id],
      height: [shipmentMessages.tooLarge.id],
    });
  });

  it('refuses a weight above the product maximum', () => {
    expect(checkShipmentRules(valid({ weight: 31.5 }), DEMO_PRODUCTS)).toEqual({});
    expect(checkShipmentRules(valid({ weight: 31.501 }), DEMO_PRODUCTS)).toEqual({ weight: [shipmentMessages.tooHeavy.id] });
    expect(checkShipmentRules(valid({ product: 'TRC', weight: 2 }), DEMO_PRODUCTS)).toEqual({});
    expect(checkShipmentRules(valid({ product: 'TRC', weight: 2.001 }), DEMO_PRODUCTS)).toEqual({ weight: [shipmentMessages.tooHeavy.id] });
  });

  describe.each([
    ['CH', '8001'],
    ['GB', 'SW1A 1AA'],
    ['NO', '0150'],
    ['LI', '9490'],
  ])('customs to %s', (country, postal) => {
    const base = (overrides: Partial<RuleInput> = {}) =>
      valid({ receiver_country: country, receiver_postal_code: postal, receiver_phone: '+41441234567', product: 'TRC', weight: 0.5, receiver_address_number: '1', ...overrides });

    it('requires an HS code and a quantity', () => {
      expect(checkShipmentRules(base(), ALL)).toEqual({
        hs_tariff_code: [shipmentMessages.hsCodeRequired.id],
        quantity: [shipmentMessages.quantityRequired.id],
      });
      expect(checkShipmentRules(base({ hs_tariff_code: '   ', quantity: null }), ALL)).toEqual({
        hs_tariff_code: [shipmentMessages.hsCodeRequired.id],
        quantity: [shipmentMessages.quantityRequired.id],
      });
    });

    it('accepts an HS code of 6 to 10 digits with a quantity', () => {
      expect(checkShipmentRules(base({ hs_tariff_code: '490199', quantity: 1 }), ALL)).toEqual({});
      expect(checkShipmentRules(base({ hs_tariff_code: '4901990000', quantity: 3 }), ALL)).toEqual({});
    });

    it.each(['49019', '49019900001', '4901.99', 'ABCDEF'])('refuses the HS code %j', (hs) => {
      expect(checkShipmentRules(base({ hs_tariff_code: hs, quantity: 1 }), ALL)).toEqual({ hs_tariff_code: [shipmentMessages.hsCodeInvalid.id] });
    });
  });

  it('does not require an HS code or quantity elsewhere', () => {
    expect(checkShipmentRules(valid({ receiver_country: 'AT', receiver_postal_code: '1010', product: 'UTR', weight: 0.5 }), DEMO_PRODUCTS)).toEqual({});
  });

  it('refuses insurance for AT with TRC only', () => {
    const at = { receiver_country: 'AT', receiver_postal_code: '1010', weight: 0.5, receiver_address_number: '1' };
    expect(checkShipmentRules(valid({ ...at, product: 'TRC', insurance: 100 }), DEMO_PRODUCTS)).toEqual({ insurance: [shipmentMessages.insuranceNotAllowed.id] });
    expect(checkShipmentRules(valid({ ...at, product: 'TRC', insurance: null }), DEMO_PRODUCTS)).toEqual({});
    expect(checkShipmentRules(valid({ ...at, product: 'UTR', insurance: 100 }), DEMO_PRODUCTS)).toEqual({});
    expect(checkShipmentRules(valid({ receiver_country: 'DE', receiver_postal_code: '10115', product: 'TRC', weight: 0.5, receiver_address_number: '1', insurance: 100 }), DEMO_PRODUCTS)).toEqual({});
  });

  describe('amounts in the destination country’s currency', () => {
    const cz = { receiver_country: 'CZ', receiver_postal_code: '11000', receiver_phone: '602 345 678' };
    const hu = { receiver_country: 'HU', receiver_postal_code: '1051', receiver_phone: '+36 1 234 5678' };

    it('has a message naming its currency for every currency with a step of its own, "two decimals" for the rest', () => {
      for (const currency of STEPPED_CURRENCIES) expect(amountMessage(currency).message, currency).toContain(currency);
      expect(new Set(STEPPED_CURRENCIES.map((c) => amountMessage(c).id)).size).toBe(STEPPED_CURRENCIES.length);
      expect(Object.keys(moneyMessages).sort()).toEqual(STEPPED_CURRENCIES.map((c) => c.toLowerCase()).sort());
      expect(amountMessage('czk')).toBe(moneyMessages.czk);
      expect(amountMessage('EUR')).toBe(messages.moneyStep);
      expect(amountMessage('PLN')).toBe(messages.moneyStep);
    });

    it('takes cents in EUR (Slovakia)', () => {
      expect(checkShipmentRules(valid({ cod_amount: 49.9, insurance: 200.01 }), DEMO_PRODUCTS)).toEqual({});
    });

    it('refuses COD and insurance in CZK that are not whole crowns, each on its field', () => {
      expect(checkShipmentRules(valid({ ...cz, cod_amount: 1290, insurance: 5000 }), DEMO_PRODUCTS)).toEqual({});
      expect(checkShipmentRules(valid({ ...cz, cod_amount: 1290.5, insurance: 5000.9 }), DEMO_PRODUCTS)).toEqual({
        cod_amount: [moneyMessages.czk.id],
        insurance: [moneyMessages.czk.id],
      });
    });

    it('refuses amounts in HUF that are not multiples of 5 forints', () => {
      expect(checkShipmentRules(valid({ ...hu, cod_amount: 12995 }), DEMO_PRODUCTS)).toEqual({});
      expect(checkShipmentRules(valid({ ...hu, cod_amount: 12993, insurance: 20000 }), DEMO_PRODUCTS)).toEqual({ cod_amount: [moneyMessages.huf.id] });
    });

    it('leaves what the schema refuses (three decimals, zero, negative) to the schema', () => {
      expect(checkShipmentRules(valid({ ...cz, cod_amount: 10.005 }), DEMO_PRODUCTS)).toEqual({});
      expect(checkShipmentRules(valid({ ...cz, cod_amount: 0, insurance: -1.5 }), DEMO_PRODUCTS)).toEqual({});
    });

    it('says only that insurance is not offered where it is not (AT, TRC)', () => {
      const at = { receiver_country: 'AT', receiver_postal_code: '1010', weight: 0.5, receiver_address_number: '1', product: 'TRC' as const };
      expect(checkShipmentRules(valid({ ...at, insurance: 100 }), DEMO_PRODUCTS)).toEqual({ insurance: [shipmentMessages.insuranceNotAllowed.id] });
    });
  });

  it('reports several broken rules at once', () => {
    const errors = checkShipmentRules(
      valid({ receiver_country: 'CH', receiver_postal_code: '80011', receiver_phone: 'x', product: 'TRC', weight: 3, width: 121, receiver_address_number: '123456' }),
      DEMO_PRODUCTS,
    );
    expect(Object.keys(errors).sort()).toEqual(['hs_tariff_code', 'quantity', 'receiver_address_number', 'receiver_phone', 'receiver_postal_code', 'weight', 'width']);
  });
});
