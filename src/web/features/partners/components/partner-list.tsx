import { Trans, useLingui } from '@lingui/react/macro';
import { ListError, useListTexts } from '../../../components/ui/list-states.tsx';
import { usePartners } from '../api/partners.ts';
import { PartnerTemplateForm } from './partner-template-form.tsx';

/** The delivery partners and their public tracking pages (admins). */
export function PartnerList() {
  const { t } = useLingui();
  const partners = usePartners();
  const { errorText } = useListTexts();
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <header>
        <h1 className="text-2xl font-semibold">
          <Trans>Delivery partners</Trans>
        </h1>
        <p className="text-base-content/70 text-sm">
          <Trans>Tracking links send recipients to the partner's own tracking page once the parcel has been handed to the partner; before that, and for partners without a page, to the portal's public tracking page.</Trans>
        </p>
      </header>
      {partners.isPending && <span className="loading loading-spinner" aria-label={t`Loading`} />}
      {partners.isError && <ListError text={errorText(partners.error)} onRetry={() => void partners.refetch()} />}
      {partners.data?.map((partner) => <PartnerTemplateForm key={partner.id} partner={partner} />)}
    </section>
  );
}
