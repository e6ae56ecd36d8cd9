import { describe, expect, it } from 'vitest';
import { PARTNERS } from './enums.ts';
import {
  checkDirectoryRow,
  isForeignPointId,
  matchColumns,
  parseCoordinate,
  parseOpeningHours,
  pointDirectoryFormat,
  pointTypeOf,
  POINT_DIRECTORY_FORMATS,
} from './point-directory-formats.ts';

const sps = pointDirectoryFormat(PARTNERS.SPS)!;
const oneCz = pointDirectoryFormat(PARTNERS.ONE_CZ)!;
const hu = pointDirectoryFormat(PARTNERS.POST_HU)!;
const pl = pointDirectoryFormat(PARTNERS.POST_PL)!;

describe('pointDirectoryFormat', () => {
  it('knows the four partners that run points, each with its country', () => {
    expect(POINT_DIRECTORY_FORMATS.map((f) => [f.partner, f.partnerId, f.country])).toEqual([
      ['SPS', 3, 'SK'],
      ['ONE_CZ', 7, 'CZ'],
      ['POST_HU', 4, 'HU'],
      ['POST_PL', 8, 'PL'],
    ]);
    expect(pointDirectoryFormat(PARTNERS.POSTONE)).toBeUndefined();
    expect(pointDirectoryFormat(PARTNERS.KAAB)).toBeUndefined();
  });

  it("matches each format's own example id and no other's", () => {
    for (const format of POINT_DIRECTORY_FORMATS) {
      expect(format.idPattern.test(format.idExample)).toBe(true);
      for (const other of POINT_DIRECTORY_FORMATS.filter((o) => o !== format)) expect(other.idPattern.test(format.idExample)).toBe(false);
    }
  });
});

describe('matchColumns', () => {
  it('reads the English names and the partner aliases, ignoring case, accents and separators', () => {
    const { columns, missing } = matchColumns(sps, ['Kód', 'Názov', 'TYP', 'Ulica', 'Mesto', 'PSČ', 'Krajina', 'GPS lat', 'gps-lng', 'Otváracie hodiny', 'extra']);
    expect(missing).toEqual([]);
    expect(columns).toEqual({
      id: 'Kód', name: 'Názov', type: 'TYP', street: 'Ulica', city: 'Mesto', zip: 'PSČ', country: 'Krajina', latitude: 'GPS lat', longitude: 'gps-lng', opening_hours: 'Otváracie hodiny',
    });
    expect(matchColumns(pl, ['id', 'name', 'type', 'street', 'city', 'zip', 'country', 'latitude', 'longitude', 'openingHours']).missing).toEqual([]);
  });

  it('names the required columns that are missing; a Hungarian list needs no type', () => {
    expect(matchColumns(sps, ['id', 'name', 'street', 'city', 'zip', 'country', 'lat', 'lng']).missing).toEqual(['type', 'opening_hours']);
    expect(matchColumns(hu, ['azonosito', 'nev', 'utca', 'varos', 'irsz', 'orszag', 'szelesseg', 'hosszusag', 'nyitvatartas']).missing).toEqual([]);
  });

  it("does not read another partner's alias", () => {
    expect(matchColumns(oneCz, ['nazwa']).columns.name).toBeUndefined();
  });
});

describe('isForeignPointId', () => {
  it("is true only for ids of another partner's pattern", () => {
    expect(isForeignPointId(sps, 'PT10001')).toBe(false);
    expect(isForeignPointId(sps, 'ONEBOX10001')).toBe(true);
    expect(isForeignPointId(sps, '30010001')).toBe(true);
    expect(isForeignPointId(sps, 'NONSENSE')).toBe(false);
    expect(isForeignPointId(oneCz, 'OXBOX100001')).toBe(true);
  });
});

describe('pointTypeOf', () => {
  it('reads SPS codes PT and PS, our own names, and the id when the value is empty', () => {
    expect(pointTypeOf(sps, 'PT10001', 'PT')).toBe('parcel_locker');
    expect(pointTypeOf(sps, 'PS20001', 'ps')).toBe('pickup_point');
    expect(pointTypeOf(sps, 'PS20001', 'other_pudo')).toBe('other_pudo');
    expect(pointTypeOf(sps, 'PT10001', '')).toBe('parcel_locker');
    expect(pointTypeOf(sps, 'PS20001', undefined)).toBe('pickup_point');
    expect(pointTypeOf(sps, 'PT10001', 'XX')).toBeUndefined();
  });

  it('makes ONEBOX, ALZABOX and OXBOX ids lockers whatever the file says', () => {
    expect(pointTypeOf(oneCz, 'ONEBOX10001', 'VM')).toBe('parcel_locker');
    expect(pointTypeOf(oneCz, 'ALZABOX1001', '')).toBe('parcel_locker');
    expect(pointTypeOf(oneCz, 'CZ30101', 'VM')).toBe('pickup_point');
    expect(pointTypeOf(pl, 'OXBOX100001', 'PLACOWKA')).toBe('parcel_locker');
    expect(pointTypeOf(pl, 'PL200001', 'partner')).toBe('other_pudo');
  });

  it('takes the Hungarian group from the id', () => {
    expect(pointTypeOf(hu, '10010001', 'parcel_locker')).toBe('other_pudo');
    expect(pointTypeOf(hu, '30010001', undefined)).toBe('parcel_locker');
    expect(pointTypeOf(hu, '20010001', undefined)).toBe('pickup_point');
    expect(pointTypeOf(hu, '55010001', undefined)).toBe('pickup_point');
  });
});

describe('parseOpeningHours', () => {
  it('reads a JSON object, its text, or "day=hours;…", in weekday order', () => {
    const expected = '{"mon":"08:00-18:00","sat":"08:00-12:00"}';
    expect(parseOpeningHours({ sat: '08:00-12:00', mon: '08:00-18:00' })).toBe(expected);
    expect(parseOpeningHours('{"sat":"08:00-12:00","mon":"08:00-18:00"}')).toBe(expected);
    expect(parseOpeningHours('SAT=8:00 - 12:00; mon=08:00-18:00;')).toBe(expected);
    expect(parseOpeningHours('mon=00:00-24:00')).toBe('{"mon":"00:00-24:00"}');
  });

  it('reads an empty value as no hours known', () => {
    expect(parseOpeningHours('')).toBe('{}');
    expect(parseOpeningHours(undefined)).toBe('{}');
    expect(parseOpeningHours({})).toBe('{}');
  });

  it.each([['xyz=08:00-18:00'], ['mon=8-18'], ['mon=25:00-26:00'], ['mon=08:00-24:30'], ['mon=08:00-18:00;mon=09:00-10:00'], ['{"mon":'], ['[]'], [42], ['mon']])('refuses %j', (value) => {
    expect(parseOpeningHours(value)).toBeUndefined();
  });
});

describe('parseCoordinate', () => {
  it('reads numbers and texts with a decimal point or comma within the limit', () => {
    expect(parseCoordinate(48.1, 90)).toBe(48.1);
    expect(parseCoordinate(' 48,1405 ', 90)).toBe(48.1405);
    expect(parseCoordinate('-17.5', 180)).toBe(-17.5);
    expect(parseCoordinate('90', 90)).toBe(90);
  });

  it.each([['90.01', 90], ['-181', 180], ['', 90], ['abc', 90], ['1e3', 180], [Number.NaN, 90], [null, 90]])('refuses %j (limit %d)', (value, limit) => {
    expect(parseCoordinate(value, limit)).toBeUndefined();
  });
});

describe('checkDirectoryRow', () => {
  const row = {
    id: ' pt10001 ', name: 'SPS Parcelbox  Eurovea', type: 'PT', street: 'Pribinova 8', city: 'Bratislava', zip: '811 09', country: 'sk', latitude: '48,1405', longitude: 17.1215, opening_hours: 'mon=00:00-24:00',
  };

  it('answers the point as stored: id upper case, text trimmed, hours as JSON', () => {
    expect(checkDirectoryRow(sps, row)).toEqual({
      point: { id: 'PT10001', type: 'parcel_locker', name: 'SPS Parcelbox Eurovea', street: 'Pribinova 8', city: 'Bratislava', zip: '811 09', latitude: 48.1405, longitude: 17.1215, opening_hours: '{"mon":"00:00-24:00"}' },
    });
  });

  it('names every invalid field', () => {
    expect(checkDirectoryRow(sps, { ...row, name: ' ', country: 'CZ', latitude: '91', longitude: 'x', type: 'ZZ' })).toEqual({ invalid: ['name', 'type', 'country', 'latitude', 'longitude'] });
    expect(checkDirectoryRow(sps, { ...row, id: 'XX1', zip: '', street: undefined, city: 'B'.repeat(101), opening_hours: 'daily' })).toEqual({ invalid: ['id', 'street', 'city', 'zip', 'opening_hours'] });
  });
});
