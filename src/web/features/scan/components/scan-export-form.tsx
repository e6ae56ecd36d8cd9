import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { parcelStatusExportQuerySchema, type ParcelStatusExportQuery } from '#shared/contract/parcel-status.ts';
import { documentActionMessages } from '#shared/i18n/document-action-messages.ts';
import { DateField } from '#web/components/form/date-field.tsx';
import { TextField } from '#web/components/form/text-field.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { ApiError } from '#web/lib/api-error.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { useExportParcelStatus } from '../api/export-parcel-status.ts';

/** Today as yyyy-MM-dd in the browser's time zone (the date input's format). */
function today(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The spec's parcel-status export: the scanned parcels of a period (optionally one barcode) as packages.xlsx. */
export function ScanExportForm() {
  const { t, i18n } = useLingui();
  const download = useExportParcelStatus();
  const errorText = useErrorText();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<ParcelStatusExportQuery>({ resolver: zodResolver(parcelStatusExportQuerySchema), defaultValues: { dateFrom: today(), dateTo: today(), barcode: '' } });

  const onSubmit = handleSubmit((query) => {
    download.mutate(
      { ...query, barcode: query.barcode || undefined },
      {
        onError: (error) => {
          // Spec section 8: none found answers 400 or 404, shown as one toast.
          const noneFound = error instanceof ApiError && (error.status === 400 || error.status === 404);
          showToast(noneFound ? i18n._(documentActionMessages.parcelStatusNoneFound) : errorText(error), 'error');
        },
      },
    );
  });

  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="scan-export-title">
      <form className="card-body gap-2 p-4 sm:p-6" onSubmit={(event) => void onSubmit(event)} noValidate>
        <h2 id="scan-export-title" className="card-title">
          <Trans>Export scanned parcels</Trans>
        </h2>
        <p className="text-sm text-base-content/70">
          <Trans>The parcels scanned in a period, with their statuses and times, as packages.xlsx.</Trans>
        </p>
        <div className="grid gap-x-4 sm:grid-cols-3">
          <DateField label={t`From`} control={control} name="dateFrom" />
          <DateField label={t`To`} control={control} name="dateTo" />
          <TextField label={t`Barcode (optional)`} registration={register('barcode')} error={errors.barcode} autoComplete="off" />
        </div>
        <button type="submit" className="btn btn-outline btn-lg w-full sm:w-fit" disabled={download.isPending} aria-busy={download.isPending}>
          {download.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          <Trans>Download packages.xlsx</Trans>
        </button>
      </form>
    </section>
  );
}
