import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { partnerPrioritySchema } from '#shared/contract/admin-pickup-addresses.ts';
import { numberInput, numberText } from '#web/components/form/number-text.ts';
import { formFailureText } from '#web/components/form/server-errors.ts';
import { TextField } from '#web/components/form/text-field.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { ApiError } from '#web/lib/api-error.ts';
import { useUpdatePriority } from '../api/partners.ts';

const schema = z.object({ priority: partnerPrioritySchema.shape.priority });
type PriorityForm = z.infer<typeof schema>;
const FIELDS = ['priority'] as const;

/** The partner's priority (1–10): among the partners that serve a shipment the highest is the default. */
export function PriorityForm({ partner }: { partner: { id: number; name: string; priority: number } }) {
  const { t, i18n } = useLingui();
  const update = useUpdatePriority();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<PriorityForm>({ resolver: zodResolver(schema), values: { priority: partner.priority } });

  const onSubmit = handleSubmit(async ({ priority }) => {
    setFailure(null);
    try {
      const saved = await update.mutateAsync({ partnerId: partner.id, priority });
      reset({ priority: saved.priority });
      showToast(t`Priority of ${partner.name} saved.`);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.isOffline) {
        setFailure(t`You are offline. Your change is still in the form: save it when you are back online.`);
        return;
      }
      const notOnFields = formFailureText(error, FIELDS, setError, error.body?.message || error.message);
      if (notOnFields) setFailure(notOnFields);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="card bg-base-100 shadow-sm">
      <div className="card-body gap-1 p-4">
        <h2 className="card-title text-base">
          <Trans>Priority</Trans>
        </h2>
        {failure && (
          <div role="alert" className="alert alert-error alert-soft whitespace-pre-line">
            {failure}
          </div>
        )}
        <div className="flex flex-wrap items-start gap-x-3">
          <div className="w-28">
            <TextField
              label={t`Priority (1–10)`}
              registration={register('priority', numberText(i18n.locale, undefined))}
              error={errors.priority}
              {...numberInput('numeric')}
            />
          </div>
          <p className="text-base-content/70 mt-8 min-w-0 flex-1 basis-48 text-sm">
            <Trans>Among the partners that serve a shipment, the one with the highest priority is the default.</Trans>
          </p>
        </div>
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
