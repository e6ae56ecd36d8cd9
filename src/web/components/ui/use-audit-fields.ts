// An audit entry's fields as the screens name and show them (issue 31): labels instead of column
// names (`taxIdentificationNumber` is "Tax ID (DIČ)"), and values as the forms show them: yes/no,
// weekdays for a pickup-day mask, countries, products, roles and partners by name, clients and
// pickup addresses by name where the page knows them. An unknown field or value shows as stored.
import { useLingui } from '@lingui/react/macro';
import { PRODUCTS, ROLES, type Product, type Role } from '#shared/domain/enums.ts';
import { isLabelPrinter } from '#shared/domain/label-formats.ts';
import { isLanguageCode } from '#shared/domain/languages.ts';
import { pickupDaysFromMask, PICKUP_WEEKDAYS } from '#shared/domain/pickup-days.ts';
import { countryName } from '#web/lib/country-names.ts';
import { localeTag } from '#web/lib/format.ts';
import { useLabelPrinterNames } from './use-label-printer-names.ts';
import { usePartnerLabels } from './use-partner-labels.ts';
import { useProductLabels } from './use-product-labels.ts';
import { useRoleLabels } from './use-role-labels.ts';

/** Names of the rows an entry may name by id (a company's clients and pickup addresses). */
export interface AuditNames {
  client?: ReadonlyMap<string, string>;
  pickupAddress?: ReadonlyMap<string, string>;
}

const EMPTY = '∅';
const isProduct = (value: unknown): value is Product => (PRODUCTS as readonly unknown[]).includes(value);
const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

export function useAuditFields(names: AuditNames = {}) {
  const { t, i18n } = useLingui();
  const products = useProductLabels();
  const roles = useRoleLabels();
  const partners = usePartnerLabels();
  const printers = useLabelPrinterNames();
  const language = isLanguageCode(i18n.locale) ? i18n.locale : 'en';

  {
    const labels: Record<string, string> = {
      name: t`Name`,
      street: t`Street`,
      zip: t`ZIP`,
      city: t`City`,
      country: t`Country`,
      companyIdentificationNumber: t`Company ID (IČO)`,
      taxIdentificationNumber: t`Tax ID (DIČ)`,
      vatIdentificationNumber: t`VAT ID (IČ DPH)`,
      invoiceStreet: t`Invoice street`,
      invoiceCity: t`Invoice city`,
      invoiceZip: t`Invoice ZIP`,
      invoiceCountry: t`Invoice country`,
      iban: t`IBAN`,
      swift: t`SWIFT/BIC`,
      bulkPaymentMode: t`Bulk payment mode`,
      contactPerson: t`Contact person`,
      email: t`Email`,
      phone: t`Phone`,
      regularPickup: t`Regular pickup`,
      pickupDays: t`Pickup days`,
      clientIds: t`Users assigned to the address`,
      pickupAddressIds: t`Pickup addresses`,
      pickupAddressId: t`Pickup address`,
      credentials: t`Credentials`,
      clientId: t`Client ID`,
      role: t`Role`,
      enabled: t`May sign in`,
      product: t`Product`,
      partnerId: t`Partner`,
      deliveryMethod: t`Delivery method`,
      secretChanged: t`Client secret`,
      secretReset: t`Client secret`,
      labelPrinter: t`Label printer`,
    };
    const weekday = new Intl.DateTimeFormat(localeTag(language), { weekday: 'short', timeZone: 'UTC' });
    // 1 Jan 2024 was a Monday: the mask's bits are Monday to Friday.
    const weekdayNames = PICKUP_WEEKDAYS.map((_, index) => weekday.format(new Date(Date.UTC(2024, 0, 1 + index))));
    const list = (items: string[]) => (items.length === 0 ? t`none` : items.join(', '));

    const value = (field: string, raw: unknown): string => {
      if (raw === null || raw === undefined || raw === '') return EMPTY;
      if (typeof raw === 'boolean') {
        if (field === 'secretChanged' || field === 'secretReset') return raw ? t`changed` : EMPTY;
        return raw ? t`Yes` : t`No`;
      }
      if (field === 'pickupDays' && typeof raw === 'number') {
        const days = pickupDaysFromMask(raw);
        return list(PICKUP_WEEKDAYS.flatMap((day, index) => (days[day] ? [weekdayNames[index]!] : [])));
      }
      if ((field === 'country' || field === 'invoiceCountry') && typeof raw === 'string') return countryName(raw, language);
      if (field === 'product' && isProduct(raw)) return `${products.name[raw]} (${raw})`;
      if (field === 'role' && isRole(raw)) return roles.name[raw];
      if (field === 'labelPrinter' && isLabelPrinter(raw)) return printers[raw];
      if (field === 'partnerId' && typeof raw === 'number') return partners.byId(raw);
      if (field === 'clientIds' && Array.isArray(raw)) return list(raw.map((id) => names.client?.get(String(id)) ?? String(id)));
      if ((field === 'pickupAddressIds' || field === 'pickupAddressId') && (Array.isArray(raw) || typeof raw === 'string')) {
        return list((Array.isArray(raw) ? raw : [raw]).map((id) => names.pickupAddress?.get(String(id)) ?? String(id)));
      }
      if (field === 'credentials' && Array.isArray(raw)) {
        return list(raw.map((c: { partnerId?: unknown; credentials?: unknown }) => `${typeof c.partnerId === 'number' ? partners.byId(c.partnerId) : '?'}: ${String(c.credentials ?? '')}`));
      }
      return typeof raw === 'object' ? JSON.stringify(raw) : String(raw);
    };
    return { label: (field: string) => labels[field] ?? field, value };
  }
}
