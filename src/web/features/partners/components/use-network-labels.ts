import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { COUNTRY_CODES } from '#shared/domain/countries.ts';
import type { DeliveryMethod } from '#shared/domain/enums.ts';
import { isLanguageCode } from '#shared/domain/languages.ts';
import { countryName } from '#web/lib/country-names.ts';
import { localeTag } from '#web/lib/format.ts';

/** Labels of the network page: country names and the sorted country list, delivery methods (long, short and inside a sentence). */
export function useNetworkLabels() {
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
    /** The method inside a checkbox's name ("SK PRM parcel locker"). */
    const methodsInline: Record<DeliveryMethod, string> = {
      home_delivery: t`home delivery`,
      parcel_locker: t`parcel locker`,
      pickup_point: t`pickup point`,
      other_pudo: t`other pick-up point`,
    };
    /** Column headings of the services grid. */
    const methodsShort: Record<DeliveryMethod, string> = {
      home_delivery: t({ message: 'Home', comment: 'Short column heading: home delivery' }),
      parcel_locker: t({ message: 'Locker', comment: 'Short column heading: parcel locker' }),
      pickup_point: t({ message: 'Point', comment: 'Short column heading: pickup point' }),
      other_pudo: t({ message: 'Other', comment: 'Short column heading: other pick-up point' }),
    };
    return { country, countries, methods, methodsInline, methodsShort };
  }, [language, t]);
}
