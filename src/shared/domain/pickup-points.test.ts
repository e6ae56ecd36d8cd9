import { describe, expect, it } from 'vitest';
import { deliveryMethodForPoint } from './pickup-points.ts';

describe('deliveryMethodForPoint', () => {
  describe('locker prefixes', () => {
    it.each(['ONEBOX', 'ALZABOX', 'OXBOX'])('%s ids are parcel lockers in any country', (prefix) => {
      for (const country of ['SK', 'CZ', 'PL', 'HU', 'DE']) {
        expect(deliveryMethodForPoint(country, `${prefix}1234`), `${country} ${prefix}`).toBe('parcel_locker');
      }
    });

    it('reads the prefix case-insensitively and after spaces', () => {
      expect(deliveryMethodForPoint('CZ', 'alzabox-552')).toBe('parcel_locker');
      expect(deliveryMethodForPoint('CZ', '  OneBox42')).toBe('parcel_locker');
    });

    it('wins over the Slovak type and the Hungarian group', () => {
      expect(deliveryMethodForPoint('SK', 'ONEBOX1', 'PS')).toBe('parcel_locker');
      expect(deliveryMethodForPoint('HU', 'OXBOX10')).toBe('parcel_locker');
    });
  });

  describe('Hungarian groups', () => {
    it.each([
      ['10', 'other_pudo'],
      ['30', 'parcel_locker'],
      ['20', 'pickup_point'],
      ['40', 'pickup_point'],
      ['55', 'pickup_point'],
      ['80', 'pickup_point'],
      ['90', 'pickup_point'],
      ['00', 'pickup_point'],
    ] as const)('group %s is %s', (group, method) => {
      expect(deliveryMethodForPoint('HU', `${group}123456`)).toBe(method);
    });

    it('applies only to Hungary', () => {
      expect(deliveryMethodForPoint('CZ', '10123456')).toBe('pickup_point');
      expect(deliveryMethodForPoint('PL', '30123456')).toBe('pickup_point');
    });

    it('falls back to pickup_point for an id without a group', () => {
      expect(deliveryMethodForPoint('HU', 'X123')).toBe('pickup_point');
    });
  });

  describe('Slovak types', () => {
    it('PT is a parcel locker, PS a pickup point (given as the type)', () => {
      expect(deliveryMethodForPoint('SK', '12345', 'PT')).toBe('parcel_locker');
      expect(deliveryMethodForPoint('SK', '12345', 'ps')).toBe('pickup_point');
    });

    it('PT is a parcel locker, PS a pickup point (read from the id)', () => {
      expect(deliveryMethodForPoint('SK', 'PT00123')).toBe('parcel_locker');
      expect(deliveryMethodForPoint('SK', 'ps00123')).toBe('pickup_point');
    });

    it('an unknown Slovak type is a pickup point', () => {
      expect(deliveryMethodForPoint('SK', 'XX00123')).toBe('pickup_point');
    });

    it('applies only to Slovakia', () => {
      expect(deliveryMethodForPoint('CZ', 'PT00123')).toBe('pickup_point');
    });
  });

  it.each([
    ['CZ', '12345'],
    ['PL', 'KRA01M'],
    ['DE', 'PACKSTATION-101'],
  ])('other ids (%s %s) are pickup points', (country, id) => {
    expect(deliveryMethodForPoint(country, id)).toBe('pickup_point');
  });
});
