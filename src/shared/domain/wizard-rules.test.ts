import { describe, expect, it } from 'vitest';
import { moneyMessages } from '../i18n/money-messages.ts';
import type { ProductsMap } from './shipment-rules.ts';
import { checkWizardRules, type WizardRuleInput } from './wizard-rules.ts';

const PRODUCTS: ProductsMap = { SK: ['PRM', 'TRC'], CZ: ['PRM', 'TRC'], HU: ['PRM', 'TRC', 'RTN'] };
const parcel = { weight: 2.5, width: 40, height: 30, length: 20 };

/** Two parcels home to Prague, with COD and insurance for the consignment. */
function czech(overrides: Partial<WizardRuleInput> = {}): WizardRuleInput {
  return {
    receiver_country: 'CZ',
    product: 'PRM',
    delivery_method: 'home_delivery',
    receiver_name: 'Petr Svoboda',
    receiver_postal_code: '11000',
    receiver_phone: '602 345 678',
    parcels: [parcel, parcel],
    ...overrides,
  };
}

describe('checkWizardRules: amounts in the destination currency', () => {
  it('accepts whole crowns to Czechia', () => {
    expect(checkWizardRules(czech({ cod_amount: 1290, insurance: 5000 }), PRODUCTS)).toEqual({});
  });

  it('reports COD and insurance once for the consignment, never per parcel', () => {
    expect(checkWizardRules(czech({ cod_amount: 49.9, insurance: 5000.5 }), PRODUCTS)).toEqual({
      cod_amount: [moneyMessages.czk.id],
      insurance: [moneyMessages.czk.id],
    });
  });

  it('asks multiples of 5 forints to Hungary', () => {
    const hu = { receiver_country: 'HU', receiver_postal_code: '1051', receiver_phone: '+36 1 234 5678' };
    expect(checkWizardRules(czech({ ...hu, cod_amount: 12993 }), PRODUCTS)).toEqual({ cod_amount: [moneyMessages.huf.id] });
    expect(checkWizardRules(czech({ ...hu, cod_amount: 12995 }), PRODUCTS)).toEqual({});
  });
});
