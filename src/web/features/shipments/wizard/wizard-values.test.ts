import { beforeAll, describe, expect, it } from 'vitest';
import { installZodMessageIds } from '#shared/contract/zod-messages.ts';
import { shipmentMessages } from '#shared/i18n/shipment-messages.ts';
import type { WizardDraftData } from '#web/offline/draft-data.ts';
import { checkWizard, errorsOfStep, firstStepWithError, hasEnteredData, initialWizardData, payloadFromDraft, stepOfPath, toFormErrors } from './wizard-values.ts';

const PRODUCTS = {
  SK: ['PRM', 'TRC'],
  CZ: ['PRM'],
  HU: ['PRM', 'RTN'],
  CH: ['PRM'],
} as const;

function complete(overrides: Partial<WizardDraftData> = {}): WizardDraftData {
  return {
    step: 6,
    country: 'SK',
    product: 'PRM',
    delivery: 'courier',
    pickupAddressId: '6f1c7a5e-3f3e-4d55-9a4f-4c3f3f2b9a10',
    recipient: {
      receiver_name: 'Jana Nováková',
      receiver_address_line_1: 'Hlavná',
      receiver_address_number: '1',
      receiver_city: 'Žilina',
      receiver_postal_code: '010 01',
      receiver_phone: '0900 123 456',
      receiver_email: 'jana@example.com',
    },
    package: {
      content: 'Seeds',
      reference_number: 'ORD-1',
      label_sender_name: 'Zelená Záhrada',
    },
    parcels: [
      {
        weight: 1.5,
        width: 20,
        height: 10,
        length: 30,
        reference_number: 'P-1',
        quantity: 1,
        fragile: false,
      },
    ],
    services: { cod_amount: null, insurance: null, consent: true },
    ...overrides,
  };
}

beforeAll(() => installZodMessageIds());

describe('the wizard payload', () => {
  it('is ready to send when every step is filled in', () => {
    const { errors, payload } = checkWizard(complete(), PRODUCTS);
    expect(errors).toEqual({});
    expect(payload).toMatchObject({
      delivery_method: 'home_delivery',
      receiver_country: 'SK',
      receiver_company_name: null,
      cod_amount: null,
      parcels: [{ weight: 1.5, fragile: false }],
    });
  });

  it('takes the delivery method from the chosen parcel point', () => {
    const data = complete({
      delivery: 'parcel_point',
      pickupPoint: {
        id: 'SK-BOX-1',
        name: 'Box',
        street: 'Hlavná 5',
        city: 'Žilina',
        zip: '01001',
        delivery_method: 'parcel_locker',
      },
    });
    expect(payloadFromDraft(data)).toMatchObject({
      delivery_method: 'parcel_locker',
      pickup_point_id: 'SK-BOX-1',
    });
  });

  it('drops a parcel point chosen before the user switched back to the courier', () => {
    const data = complete({
      pickupPoint: {
        id: 'SK-BOX-1',
        name: 'Box',
        street: 'Hlavná 5',
        city: 'Žilina',
        zip: '01001',
        delivery_method: 'parcel_locker',
      },
    });
    expect(payloadFromDraft(data).pickup_point_id).toBeNull();
  });
});

describe('wizard validation', () => {
  it('puts each error on the step that shows the field', () => {
    const { errors } = checkWizard(
      complete({
        pickupAddressId: undefined,
        recipient: {},
        parcels: [{ reference_number: '' }],
        services: {},
      }),
      PRODUCTS,
    );
    expect(errors['pickupAddressId']).toEqual([shipmentMessages.pickupAddressInvalid.id]);
    expect(errors['recipient.receiver_city']).toEqual([shipmentMessages.cityRequired.id]);
    expect(errors['recipient.receiver_name']).toEqual([shipmentMessages.nameRequired.id]);
    expect(errors['parcels.0.weight']).toBeDefined();
    // A parcel's reference is optional (README note 120).
    expect(errors['parcels.0.reference_number']).toBeUndefined();
    expect(errors['services.consent']).toEqual([shipmentMessages.consentRequired.id]);
    expect(firstStepWithError(errors)).toBe(2);
    expect(Object.keys(errorsOfStep(errors, 4)).sort()).toEqual(['parcels.0.height', 'parcels.0.length', 'parcels.0.weight', 'parcels.0.width']);
  });

  it('accepts a company instead of a person as the recipient', () => {
    const data = complete();
    data.recipient = {
      ...data.recipient,
      receiver_name: '',
      receiver_company_name: 'Kvety s.r.o.',
    };
    expect(checkWizard(data, PRODUCTS).errors).toEqual({});
  });

  it('checks sizes per parcel against the locker limits', () => {
    const data = complete({
      delivery: 'parcel_point',
      pickupPoint: {
        id: 'SK-BOX-1',
        name: 'Box',
        street: 'Hlavná 5',
        city: 'Žilina',
        zip: '01001',
        delivery_method: 'parcel_locker',
      },
      parcels: [
        {
          weight: 1,
          width: 20,
          height: 10,
          length: 30,
          reference_number: 'P-1',
        },
        {
          weight: 1,
          width: 20,
          height: 45,
          length: 30,
          reference_number: 'P-2',
        },
      ],
    });
    expect(checkWizard(data, PRODUCTS).errors).toEqual({
      'parcels.1.height': [shipmentMessages.tooLarge.id],
    });
  });

  it('asks for the HS code of each parcel to Switzerland', () => {
    const data = complete({
      country: 'CH',
      recipient: {
        ...complete().recipient,
        receiver_postal_code: '8001',
        receiver_phone: '+41441234567',
      },
    });
    expect(checkWizard(data, PRODUCTS).errors).toEqual({
      'parcels.0.hs_tariff_code': [shipmentMessages.hsCodeRequired.id],
    });
  });

  it('offers fragile only for Hungary and one parcel only for a Hungarian return', () => {
    const parcel = {
      weight: 1,
      width: 20,
      height: 10,
      length: 30,
      reference_number: 'P',
      fragile: true,
    };
    expect(checkWizard(complete({ parcels: [parcel] }), PRODUCTS).errors).toEqual({ 'parcels.0.fragile': [shipmentMessages.fragileNotAllowed.id] });
    const hu = complete({
      country: 'HU',
      product: 'RTN',
      parcels: [parcel, parcel],
      recipient: {
        ...complete().recipient,
        receiver_postal_code: '1051',
        receiver_phone: '+36301234567',
      },
    });
    expect(checkWizard(hu, PRODUCTS).errors).toEqual({
      parcels: [shipmentMessages.singleParcelOnly.id],
    });
  });

  it('maps the server field names onto the form', () => {
    const errors = toFormErrors({
      receiver_postal_code: ['x'],
      'parcels.2.weight': ['y'],
      cod_amount: ['z'],
      pickup_point_id: ['p'],
      content: ['c'],
    });
    expect(errors).toEqual({
      'recipient.receiver_postal_code': ['x'],
      'parcels.2.weight': ['y'],
      'services.cod_amount': ['z'],
      pickupPoint: ['p'],
      'package.content': ['c'],
    });
    expect(Object.keys(errors).map(stepOfPath)).toEqual([3, 4, 5, 3, 4]);
  });
});

describe('hasEnteredData', () => {
  const initial = initialWizardData(PRODUCTS);

  it('is false for the preselected values, another step, and inputs shown and left empty', () => {
    expect(hasEnteredData(structuredClone(initial), initial)).toBe(false);
    expect(hasEnteredData({ ...initial, step: 4 }, initial)).toBe(false);
    // What the form holds once steps 3 to 5 have been shown: empty texts, empty numbers, keys in another order.
    const shown: WizardDraftData = {
      services: { consent: false, insurance: null, cod_amount: null },
      ...initial,
      recipient: { receiver_name: '', receiver_city: '', receiver_phone: '' },
      package: { goods_type: 'GOODS', content: '', info: '' },
      parcels: [{ weight: null, width: null, height: null, length: null, reference_number: '', quantity: 1, fragile: false, hs_tariff_code: '' }],
      pickupAddressId: '',
    };
    expect(hasEnteredData(shown, initial)).toBe(false);
  });

  it('is true for any value typed or chosen, a preselection changed, or a parcel added', () => {
    expect(hasEnteredData({ ...initial, recipient: { receiver_name: 'J' } }, initial)).toBe(true);
    expect(hasEnteredData({ ...initial, pickupAddressId: '6f1c7a5e-3f3e-4d55-9a4f-4c3f3f2b9a10' }, initial)).toBe(true);
    expect(hasEnteredData({ ...initial, country: 'CZ' }, initial)).toBe(true);
    expect(hasEnteredData({ ...initial, delivery: 'parcel_point' }, initial)).toBe(true);
    expect(hasEnteredData({ ...initial, services: { ...initial.services, consent: true } }, initial)).toBe(true);
    expect(hasEnteredData({ ...initial, parcels: [...(initial.parcels ?? []), { quantity: 1, fragile: false }] }, initial)).toBe(true);
    expect(hasEnteredData({ ...initial, parcels: [{ ...initial.parcels?.[0], weight: 2 }] }, initial)).toBe(true);
  });
});
