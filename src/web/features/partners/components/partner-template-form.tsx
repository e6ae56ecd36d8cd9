import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { partnerFormSchema, type Partner, type PartnerForm } from '#shared/contract/tracking.ts';
import { formFailureText } from '#web/components/form/server-errors.ts';
import { TextField } from '#web/components/form/text-field.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { ApiError } from '#web/lib/api-error.ts';
import { useUpdatePartner } from '../api/partners.ts';

const FIELDS = ['tracking_url_template'] as const;
const PLACEHOLDER = '{tracking_number}';

/** One partner's public tracking page: where tracking links send recipients once the partner has the parcel. */
export function PartnerTemplateForm({ partner, title }: { partner: Partner; title?: ReactNode }) {
  const { t } = useLingui();
  const update = useUpdatePartner();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<PartnerForm>({ resolver: zodResolver(partnerFormSchema), values: { tracking_url_template: partner.tracking_url_template ?? '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const template = values.tracking_url_template.trim();
    try {
      const saved = await update.mutateAsync({ id: partner.id, update: { tracking_url_template: template === '' ? null : template } });
      reset({ tracking_url_template: saved.tracking_url_template ?? '' });
      showToast(t`Saved.`);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.isOffline) {
        setFailure(t`You are offline. Your change is still in the form: save it when you are back online.`);
        return;
      }
      const notOnFields = formFailureText(error, FIELDS, setError, error.message);
      if (notOnFields) setFailure(notOnFields);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="card bg-base-100 shadow-sm">
      <div className="card-body gap-1 p-4">
        <h2 className="card-title text-base">
          {title ?? (
            <>
              {partner.name} <span className="badge badge-ghost font-mono text-xs">{partner.code}</span>
            </>
          )}
        </h2>
        {failure && (
          <div role="alert" className="alert alert-error alert-soft whitespace-pre-line">
            {failure}
          </div>
        )}
        <TextField
          label={t`Public tracking page`}
          registration={register('tracking_url_template')}
          error={errors.tracking_url_template}
          hint={t`An https:// address with ${PLACEHOLDER} where the tracking number goes. Empty: the portal's own tracking page.`}
          placeholder={`https://…/${PLACEHOLDER}`}
          inputMode="url"
          autoCapitalize="none"
          spellCheck={false}
        />
        <div className="card-actions justify-end">
          <button type="submit" className="btn btn-primary btn-sm" disabled={!isDirty || isSubmitting}>
            {isSubmitting && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            <Trans>Save</Trans>
          </button>
        </div>
      </div>
    </form>
  );
}
