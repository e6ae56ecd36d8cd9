import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { COUNTRY_CODES } from '#shared/domain/countries.ts';
import type { DeliveryMethod } from '#shared/domain/enums.ts';
import { isLanguageCode } from '#shared/domain/languages.ts';
import { PICKUP_WEEKDAYS, type PickupWeekday } from '#shared/domain/pickup-days.ts';
import { countryName } from '#web/lib/country-names.ts';
import { localeTag } from '#web/lib/format.ts';

/** Labels the company screens share: country names and the sorted country list, delivery methods, weekdays. */
export function useCompanyLabels() {
  const { t, i18n } = useLingui();
  const language = isLanguageCode(i18n.locale) ? i18n.locale : 'en';
  return useMemo(() => {
    const country = (code: string) => countryName(code, language);
    const countries = COUNTRY_CODES.map((code) => ({ code, name: country(code) })).sort((a, b) => a.name.localeCompare(b.name, localeTag(language)));
    const methods: Record<DeliveryMethod, string> = {
      home_delivery: t`Home delivery`,
      parcel_locker: t`Parcel locker`,
      pickup_point: t`Pickup point`,
      other_pudo: t`Other pick-up point`,
    };
    // 3-letter upper-case weekday names in the UI language (1 Jan 2024 was a Monday).
    const long = new Intl.DateTimeFormat(localeTag(language), { weekday: 'long', timeZone: 'UTC' });
    const weekdays = Object.fromEntries(
      PICKUP_WEEKDAYS.map((day, index) => {
        const name = long.format(new Date(Date.UTC(2024, 0, 1 + index)));
        return [day, { short: name.slice(0, 3).toLocaleUpperCase(localeTag(language)), long: name }];
      }),
    ) as Record<PickupWeekday, { short: string; long: string }>;
    return { country, countries, methods, weekdays };
  }, [language, t]);
}
