import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { trackQuerySchema } from '#shared/contract/tracking.ts';
import { TextField } from '#web/components/form/text-field.tsx';
import { normalizeTrackingNumber, type TrackingSearch } from '#shared/domain/tracking-search.ts';

/** The contract's lookup: tracking number required, postal code optional. */
const trackingFormSchema = z.pick(trackQuerySchema, { tracking_number: true, zip: true });
type TrackingForm = z.input<typeof trackingFormSchema>;

const formValues = (search: TrackingSearch): TrackingForm => ({ tracking_number: search.tracking_number ?? '', zip: search.zip ?? '' });

/** /shipment/tracking's search form; shows the search of the URL (also after Back). */
export function TrackingSearchForm({ search, busy, onSearch }: { search: TrackingSearch; busy: boolean; onSearch: (search: TrackingSearch) => void }) {
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TrackingForm>({ resolver: zodResolver(trackingFormSchema), defaultValues: formValues(search) });

  const { tracking_number, zip } = search;
  useEffect(() => reset(formValues({ tracking_number, zip })), [reset, tracking_number, zip]);

  const onSubmit = handleSubmit((values) => {
    onSearch({ tracking_number: normalizeTrackingNumber(values.tracking_number), zip: values.zip?.trim() || undefined });
  });

  return (
    <form onSubmit={onSubmit} noValidate role="search" aria-label={t`Track a shipment`} className="card bg-base-100 shadow-sm">
      <div className="card-body grid gap-x-4 gap-y-0 p-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-start sm:p-6">
        <TextField
          label={t`Tracking number`}
          registration={register('tracking_number')}
          error={errors.tracking_number}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus={!tracking_number}
        />
        <TextField label={t`Postal code (optional)`} registration={register('zip')} error={errors.zip} autoComplete="off" />
        <button type="submit" className="btn btn-primary mt-2 sm:mt-[1.95rem]" disabled={busy} aria-busy={busy}>
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          <Trans>Track</Trans>
        </button>
      </div>
    </form>
  );
}
