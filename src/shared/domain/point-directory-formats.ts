// The partners' pickup-point lists (issue 15): the documented format of each partner that runs
// points, and the pure checks of one row. An admin uploads a partner's list as CSV (a header row,
// then one point a row; `,` or `;`, UTF-8 or Windows-1250) or JSON (an array of objects); the
// server reads the columns named here, checks each row, then compares the list with the
// partner's points (src/server/features/pickup-points/point-directory.service.ts).
//
// Columns (CSV header or JSON key; matched ignoring case, accents, spaces, `_` and `-`, so
// "opening_hours", "openingHours" and "Opening hours" are one name). Every partner accepts the
// English names (and lat, lng / lon, postal_code, country_code, hours); each adds the names its
// own export uses:
//
// | field         | SPS (3, SK)          | ONE_CZ (7, CZ)        | POST_HU (4, HU)       | POST_PL (8, PL)       |
// |---------------|----------------------|-----------------------|-----------------------|-----------------------|
// | id            | kod, point_id        | kod, code             | azonosito, pont_id    | pni, kod              |
// | name          | nazov                | nazev                 | nev                   | nazwa                 |
// | type          | typ (PT / PS)        | typ (BOX / VM)        | csoport (optional)    | typ, rodzaj           |
// | street        | ulica                | ulice                 | utca, cim             | ulica, adres          |
// | city          | mesto, obec          | obec, mesto           | varos, telepules      | miejscowosc, miasto   |
// | zip           | psc                  | psc                   | irsz, iranyitoszam    | kod_pocztowy, pna     |
// | country       | krajina              | zeme, stat            | orszag                | kraj                  |
// | latitude      | gps_lat, sirka       | gps_lat, sirka        | szelesseg             | szerokosc             |
// | longitude     | gps_lng, dlzka       | gps_lng, delka        | hosszusag             | dlugosc               |
// | opening_hours | otvaracie_hodiny     | oteviraci_doba        | nyitvatartas          | godziny_otwarcia      |
//
// Values: latitude -90..90 and longitude -180..180 (a decimal comma is read too); country the
// partner's own; opening hours either a JSON object {"mon": "08:00-18:00", …} or the text
// "mon=08:00-18:00;tue=08:00-18:00;…" (days mon … sun, a missing day is closed, an empty value
// means no hours known). Type: the partner's codes below or our own names (parcel_locker,
// pickup_point, other_pudo); ONEBOX / ALZABOX / OXBOX ids are parcel lockers whatever the file
// says, Hungarian points take the group of their id (10 other_pudo, 30 parcel_locker, 20 and
// 40-80 pickup_point), and an empty type is read from the id (deliveryMethodForPoint).
//
// Ids: each partner's points follow its own pattern (idPattern). A file holding another
// partner's ids is refused whole: it is the wrong partner's list.
import { PARTNERS, type PartnerCode } from './enums.ts';
import { deliveryMethodForPoint, POINT_TYPES, type PointType } from './pickup-points.ts';
import { hasUnsafeCharacters } from './unsafe-text.ts';

export const DIRECTORY_FIELDS = ['id', 'name', 'type', 'street', 'city', 'zip', 'country', 'latitude', 'longitude', 'opening_hours'] as const;
export type DirectoryField = (typeof DIRECTORY_FIELDS)[number];

export interface PointDirectoryFormat {
  partner: PartnerCode;
  partnerId: number;
  /** The one country of the partner's points. */
  country: string;
  /** Names a column may carry besides the field's own (CSV header or JSON key). */
  aliases: Record<DirectoryField, readonly string[]>;
  /** Columns the file must have. */
  required: readonly DirectoryField[];
  /** The partner's type codes (upper case) and what they are; our own type names are read too. */
  typeCodes: Readonly<Record<string, PointType>>;
  /** 'id': the type is read from the id alone (Hungarian groups); 'column': from the type column, else the id. */
  typeFrom: 'column' | 'id';
  /** The ids of the partner's points (upper case). */
  idPattern: RegExp;
  /** An id of the pattern, for the documentation and the tests. */
  idExample: string;
}

const ALL: readonly DirectoryField[] = DIRECTORY_FIELDS;

/** Names every partner's file may use besides the field's own. */
const COMMON_ALIASES: Partial<Record<DirectoryField, readonly string[]>> = {
  zip: ['postal_code', 'postcode'],
  country: ['country_code'],
  latitude: ['lat'],
  longitude: ['lng', 'lon'],
  opening_hours: ['hours'],
};

export const POINT_DIRECTORY_FORMATS: readonly PointDirectoryFormat[] = [
  {
    partner: 'SPS',
    partnerId: PARTNERS.SPS,
    country: 'SK',
    aliases: {
      id: ['kod', 'point_id'],
      name: ['nazov'],
      type: ['typ'],
      street: ['ulica'],
      city: ['mesto', 'obec'],
      zip: ['psc'],
      country: ['krajina'],
      latitude: ['gps_lat', 'sirka'],
      longitude: ['gps_lng', 'dlzka'],
      opening_hours: ['otvaracie_hodiny'],
    },
    required: ALL,
    typeCodes: { PT: 'parcel_locker', PS: 'pickup_point' },
    typeFrom: 'column',
    idPattern: /^P[ST]\d{3,10}$/,
    idExample: 'PT10001',
  },
  {
    partner: 'ONE_CZ',
    partnerId: PARTNERS.ONE_CZ,
    country: 'CZ',
    aliases: {
      id: ['kod', 'code'],
      name: ['nazev'],
      type: ['typ'],
      street: ['ulice'],
      city: ['obec', 'mesto'],
      zip: ['psc'],
      country: ['zeme', 'stat'],
      latitude: ['gps_lat', 'sirka'],
      longitude: ['gps_lng', 'delka'],
      opening_hours: ['oteviraci_doba'],
    },
    required: ALL,
    typeCodes: { BOX: 'parcel_locker', ONEBOX: 'parcel_locker', ALZABOX: 'parcel_locker', VM: 'pickup_point', POINT: 'pickup_point' },
    typeFrom: 'column',
    idPattern: /^(?:ONEBOX\d{3,10}|ALZABOX\d{3,10}|CZ\d{3,10})$/,
    idExample: 'ONEBOX10001',
  },
  {
    partner: 'POST_HU',
    partnerId: PARTNERS.POST_HU,
    country: 'HU',
    aliases: {
      id: ['azonosito', 'pont_id'],
      name: ['nev'],
      type: ['csoport'],
      street: ['utca', 'cim'],
      city: ['varos', 'telepules'],
      zip: ['irsz', 'iranyitoszam'],
      country: ['orszag'],
      latitude: ['szelesseg'],
      longitude: ['hosszusag'],
      opening_hours: ['nyitvatartas'],
    },
    required: ALL.filter((field) => field !== 'type'),
    typeCodes: {},
    typeFrom: 'id',
    // Eight digits, the first two the point's group: 10, 20, 30 or 40-80.
    idPattern: /^(?:[123]0|[4-7]\d|80)\d{6}$/,
    idExample: '30010001',
  },
  {
    partner: 'POST_PL',
    partnerId: PARTNERS.POST_PL,
    country: 'PL',
    aliases: {
      id: ['pni', 'kod'],
      name: ['nazwa'],
      type: ['typ', 'rodzaj'],
      street: ['ulica', 'adres'],
      city: ['miejscowosc', 'miasto'],
      zip: ['kod_pocztowy', 'pna'],
      country: ['kraj'],
      latitude: ['szerokosc'],
      longitude: ['dlugosc'],
      opening_hours: ['godziny_otwarcia'],
    },
    required: ALL,
    typeCodes: { AUTOMAT: 'parcel_locker', PACZKOMAT: 'parcel_locker', PLACOWKA: 'pickup_point', PUNKT: 'pickup_point', PARTNER: 'other_pudo' },
    typeFrom: 'column',
    idPattern: /^(?:OXBOX\d{3,10}|PL\d{3,10})$/,
    idExample: 'OXBOX100001',
  },
];

/** The format of a partner's list; undefined for a partner that runs no points. */
export function pointDirectoryFormat(partnerId: number): PointDirectoryFormat | undefined {
  return POINT_DIRECTORY_FORMATS.find((format) => format.partnerId === partnerId);
}

/** A column name as compared: lower case, no accents, only letters and digits. */
export function normalizeColumnName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Which of the file's columns holds each field (the first that carries one of its names), and
 * the required fields no column holds.
 */
export function matchColumns(format: PointDirectoryFormat, names: readonly string[]): { columns: Partial<Record<DirectoryField, string>>; missing: DirectoryField[] } {
  const byName = new Map<string, DirectoryField>();
  for (const field of DIRECTORY_FIELDS) {
    for (const name of [field, ...(COMMON_ALIASES[field] ?? []), ...format.aliases[field]]) byName.set(normalizeColumnName(name), field);
  }
  const columns: Partial<Record<DirectoryField, string>> = {};
  for (const name of names) {
    const field = byName.get(normalizeColumnName(name));
    if (field && columns[field] === undefined) columns[field] = name;
  }
  return { columns, missing: format.required.filter((field) => columns[field] === undefined) };
}

/** The id as stored: trimmed, upper case. */
export const normalizePointId = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value).trim().toUpperCase() : '');

/** True when the id is not this partner's but another partner's (the wrong partner's list). */
export function isForeignPointId(format: PointDirectoryFormat, id: string): boolean {
  if (format.idPattern.test(id)) return false;
  return POINT_DIRECTORY_FORMATS.some((other) => other !== format && other.idPattern.test(id));
}

const LOCKER_PREFIXES = ['ONEBOX', 'ALZABOX', 'OXBOX'];
const isPointType = (value: string): value is PointType => (POINT_TYPES as readonly string[]).includes(value);

/** The point's type from its id and the file's type value; undefined when the value is no known code. */
export function pointTypeOf(format: PointDirectoryFormat, id: string, value: unknown): PointType | undefined {
  const fromId = () => {
    const method = deliveryMethodForPoint(format.country, id);
    return isPointType(method) ? method : undefined;
  };
  if (format.typeFrom === 'id' || LOCKER_PREFIXES.some((prefix) => id.startsWith(prefix))) return fromId();
  const code = typeof value === 'string' ? value.trim() : '';
  if (code === '') return fromId();
  if (isPointType(code.toLowerCase())) return code.toLowerCase() as PointType;
  return format.typeCodes[code.toUpperCase()];
}

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** "8:00 - 18:00" as "08:00-18:00"; undefined unless a valid span of one day (24:00 may end it). */
function hoursSpan(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!match) return undefined;
  const [from, to] = [
    [Number(match[1]), Number(match[2])],
    [Number(match[3]), Number(match[4])],
  ] as const;
  if (!validTime(from, false) || !validTime(to, true)) return undefined;
  return `${timeText(from)}-${timeText(to)}`;
}

const validTime = ([h, m]: readonly [number, number], end: boolean) => m < 60 && (h < 24 || (end && h === 24 && m === 0));
const timeText = ([h, m]: readonly [number, number]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;

/** A list repeats a few opening-hour texts thousands of times: each is parsed once. */
const HOURS_CACHE = new Map<string, string | undefined>();
const HOURS_CACHE_SIZE = 2000;

/**
 * Opening hours as stored: JSON of weekday → "HH:MM-HH:MM" in weekday order (so that an
 * unchanged point compares equal). Reads a JSON object (or its text) or "mon=08:00-18:00;…";
 * an empty value is "{}". Undefined when not valid.
 */
export function parseOpeningHours(value: unknown): string | undefined {
  if (typeof value !== 'string') return readOpeningHours(value);
  if (HOURS_CACHE.has(value)) return HOURS_CACHE.get(value);
  const result = readOpeningHours(value);
  if (HOURS_CACHE.size >= HOURS_CACHE_SIZE) HOURS_CACHE.clear();
  HOURS_CACHE.set(value, result);
  return result;
}

function readOpeningHours(value: unknown): string | undefined {
  let entries: Array<[string, unknown]>;
  if (value === null || value === undefined) return '{}';
  if (typeof value === 'object') {
    if (Array.isArray(value)) return undefined;
    entries = Object.entries(value);
  } else if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return '{}';
    if (text.startsWith('{')) {
      try {
        const parsed: unknown = JSON.parse(text);
        return parsed && typeof parsed === 'object' ? readOpeningHours(parsed) : undefined;
      } catch {
        return undefined;
      }
    }
    entries = [];
    for (const part of text.split(';')) {
      if (part.trim() === '') continue;
      const at = part.indexOf('=');
      if (at < 0) return undefined;
      entries.push([part.slice(0, at), part.slice(at + 1)]);
    }
  } else {
    return undefined;
  }
  const hours = new Map<string, string>();
  for (const [day, span] of entries) {
    const key = day.trim().toLowerCase();
    const text = hoursSpan(span);
    if (!(DAYS as readonly string[]).includes(key) || !text || hours.has(key)) return undefined;
    hours.set(key, text);
  }
  return JSON.stringify(Object.fromEntries(DAYS.filter((day) => hours.has(day)).map((day) => [day, hours.get(day)])));
}

/** A coordinate within ±limit degrees (a number, or text with a decimal point or comma). */
export function parseCoordinate(value: unknown, limit: number): number | undefined {
  let number: number;
  if (typeof value === 'number') number = value;
  else if (typeof value === 'string' && /^\s*[+-]?(\d+([.,]\d*)?|[.,]\d+)\s*$/.test(value)) number = Number(value.trim().replace(',', '.'));
  else return undefined;
  return Number.isFinite(number) && number >= -limit && number <= limit ? number : undefined;
}

/** A point as the directory stores it (without partner and state). */
export interface DirectoryPoint {
  id: string;
  type: PointType;
  name: string;
  street: string;
  city: string;
  zip: string;
  latitude: number;
  longitude: number;
  /** JSON text, weekday order. */
  opening_hours: string;
}

const TEXT_LIMITS = { name: 200, street: 200, city: 100, zip: 12 } as const;

function text(value: unknown, max: number): string | undefined {
  const result = typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : typeof value === 'number' ? String(value) : undefined;
  // Control characters, lone surrogates and bidi overrides make the value invalid (unsafe-text.ts).
  return result && result.length <= max && !hasUnsafeCharacters(result) ? result : undefined;
}

/**
 * Checks one row (its values by field). Answers the point, or the fields that are missing or
 * not valid, in the order of DIRECTORY_FIELDS.
 */
export function checkDirectoryRow(format: PointDirectoryFormat, values: Partial<Record<DirectoryField, unknown>>): { point: DirectoryPoint } | { invalid: DirectoryField[] } {
  const invalid: DirectoryField[] = [];
  const id = normalizePointId(values.id);
  if (!format.idPattern.test(id)) invalid.push('id');
  const name = text(values.name, TEXT_LIMITS.name);
  if (!name) invalid.push('name');
  const type = invalid.includes('id') ? undefined : pointTypeOf(format, id, values.type);
  if (!type && !invalid.includes('id')) invalid.push('type');
  const street = text(values.street, TEXT_LIMITS.street);
  if (!street) invalid.push('street');
  const city = text(values.city, TEXT_LIMITS.city);
  if (!city) invalid.push('city');
  const zip = text(values.zip, TEXT_LIMITS.zip);
  if (!zip) invalid.push('zip');
  if (normalizePointId(values.country) !== format.country) invalid.push('country');
  const latitude = parseCoordinate(values.latitude, 90);
  if (latitude === undefined) invalid.push('latitude');
  const longitude = parseCoordinate(values.longitude, 180);
  if (longitude === undefined) invalid.push('longitude');
  const openingHours = parseOpeningHours(values.opening_hours);
  if (openingHours === undefined) invalid.push('opening_hours');
  if (invalid.length > 0 || !type || !name || !street || !city || !zip || latitude === undefined || longitude === undefined || openingHours === undefined) {
    return { invalid };
  }
  return { point: { id, type, name, street, city, zip, latitude, longitude, opening_hours: openingHours } };
}
