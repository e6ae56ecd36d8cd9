// The 48 destination countries of spec section 9 with phone prefixes and parcel size limits (cm).

export interface SizeLimits {
  maxWidth: number;
  maxHeight: number;
  maxLength: number;
}

export interface Country extends SizeLimits {
  code: string;
  phonePrefix: string;
}

export const DEFAULT_SIZE_LIMITS: SizeLimits = { maxWidth: 120, maxHeight: 60, maxLength: 60 };

const SIZE_OVERRIDES: Record<string, Partial<SizeLimits>> = {
  AT: { maxWidth: 100 },
  SK: { maxWidth: 150 },
  ES: { maxWidth: 50, maxHeight: 40, maxLength: 120 },
};

const PHONE_PREFIXES = {
  AL: '+355', AD: '+376', AT: '+43', BY: '+375', BE: '+32', BA: '+387', BG: '+359', HR: '+385',
  CZ: '+420', CY: '+357', DK: '+45', EE: '+372', FI: '+358', FR: '+33', DE: '+49', GI: '+350',
  GR: '+30', HU: '+36', IS: '+354', IE: '+353', IM: '+44', IT: '+39', LV: '+371', LI: '+423',
  LT: '+370', LU: '+352', MK: '+389', MT: '+356', MD: '+373', MC: '+377', ME: '+382', MS: '+1664',
  NL: '+31', NO: '+47', PL: '+48', PT: '+351', RO: '+40', RU: '+7', SM: '+378', RS: '+381',
  SK: '+421', SI: '+386', ES: '+34', SE: '+46', CH: '+41', UA: '+380', GB: '+44',
} as const;

export type CountryCode = keyof typeof PHONE_PREFIXES;

export const COUNTRY_CODES = Object.keys(PHONE_PREFIXES) as CountryCode[];

export const COUNTRIES: readonly Country[] = COUNTRY_CODES.map((code) => ({
  code,
  phonePrefix: PHONE_PREFIXES[code],
  ...DEFAULT_SIZE_LIMITS,
  ...SIZE_OVERRIDES[code],
}));

const BY_CODE = new Map(COUNTRIES.map((c) => [c.code, c]));

export function findCountry(code: string): Country | undefined {
  return BY_CODE.get(code.toUpperCase());
}

export function isCountryCode(code: string): code is CountryCode {
  return BY_CODE.has(code);
}

/** Countries where parcel lockers and pickup points are offered. */
export const PARCEL_POINT_COUNTRIES = ['CZ', 'SK', 'PL', 'HU'] as const;
/** Non-EU destinations that need an HS tariff code and quantity per item. */
export const CUSTOMS_COUNTRIES = ['CH', 'GB', 'LI', 'NO'] as const;
/** Only Hungary offers the fragile flag. */
export const FRAGILE_COUNTRIES = ['HU'] as const;
