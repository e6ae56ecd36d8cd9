import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Company } from '#shared/contract/admin-companies.ts';
import { EmptyValue } from '#web/components/ui/empty-value.tsx';
import { useCompanyLabels } from './use-company-labels.ts';

/** The company's own fields: address, IČO, DIČ, VAT number and invoice address. */
export function CompanyInfo({ company }: { company: Company }) {
  const labels = useCompanyLabels();
  const invoice = [company.invoiceStreet, [company.invoiceZip, company.invoiceCity].filter(Boolean).join(' '), company.invoiceCountry ? labels.country(company.invoiceCountry) : '']
    .filter(Boolean)
    .join(', ');
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      <Item label={<Trans>Address</Trans>}>
        {company.street}, {company.zip} {company.city}, {labels.country(company.country)}
      </Item>
      <Item label={<Trans>Company ID (IČO)</Trans>}>{company.companyIdentificationNumber}</Item>
      <Item label={<Trans>Tax ID (DIČ)</Trans>}>{company.taxIdentificationNumber}</Item>
      <Item label={<Trans>VAT ID (IČ DPH)</Trans>}>{company.vatIdentificationNumber || <EmptyValue />}</Item>
      <Item label={<Trans>Invoice address</Trans>}>{invoice || <EmptyValue />}</Item>
    </dl>
  );
}

function Item({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt className="text-base-content/70">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}
