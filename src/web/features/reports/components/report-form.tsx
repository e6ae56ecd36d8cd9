import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { bratislavaDay, reportDayLimits, reportEndpoint, reportFilterSchema, type ReportFilterInput, type ReportType } from '#shared/contract/reports.ts';
import { foldText } from '#shared/domain/text-fold.ts';
import { DateField } from '#web/components/form/date-field.tsx';
import { MonthField } from '#web/components/form/month-field.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { ApiError } from '#web/lib/api-error.ts';
import { downloadFromApi } from '#web/lib/download-from-api.ts';
import { useClient } from '#web/lib/session.ts';
import { useCompanies } from '#web/lib/company-choices.ts';
import { CountryPicker } from './country-picker.tsx';
import { BackToShipments } from '#web/components/layout/back-to-shipments.tsx';

interface ReportValues {
  type: ReportType;
  from_date: string;
  to_date: string;
  /** MONTHLY: yyyy-MM. */
  month: string;
  company_id: string;
  countries: string[];
}

/**
 * DAILY today (Bratislava days, both included). The spec's "today to tomorrow" covered two days,
 * tomorrow's shipments included, in a report asked for today's (issue 31).
 */
function defaults(): ReportValues {
  const today = bratislavaDay(new Date());
  return { type: 'DAILY', from_date: today, to_date: today, month: today.slice(0, 7), company_id: '', countries: [] };
}

/** The body the contract wants: MONTHLY names its month by its first day. */
function bodyOf(values: ReportValues): ReportFilterInput {
  const monthly = values.type === 'MONTHLY';
  return {
    type: values.type,
    from_date: monthly ? (values.month ? `${values.month}-01` : '') : values.from_date,
    ...(monthly ? {} : { to_date: values.to_date }),
    ...(values.company_id ? { company_id: values.company_id } : {}),
    countries: values.countries,
  };
}

/** A field error of the body lands on the input the user sees (MONTHLY's from_date is the month). */
function fieldOf(path: string, type: ReportType): Path<ReportValues> | null {
  if (path === 'from_date') return type === 'MONTHLY' ? 'month' : 'from_date';
  if (path === 'to_date' || path === 'company_id' || path === 'type' || path === 'countries') return path;
  return path.startsWith('countries') ? 'countries' : null;
}

/** /shipments/report: the period, (admins) the type and company, the destination countries; Export downloads the workbook, named after its period and company. */
export function ReportForm() {
  const { t, i18n } = useLingui();
  const client = useClient();
  const isAdmin = client?.role === 'ADMIN';
  const companies = useCompanies(isAdmin);
  const [companyFilter, setCompanyFilter] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, reset, setError, clearErrors, control, formState } = useForm<ReportValues>({ defaultValues: defaults() });
  const { errors, isSubmitting } = formState;
  const type = useWatch({ control, name: 'type' });
  const limits = reportDayLimits();

  const fail = (text: string) => {
    setFailure(text);
    // Spec section 8: a failed report shows its error block at the top.
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    clearErrors();
    const body = bodyOf(values);
    const checked = reportFilterSchema.safeParse(body);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = fieldOf(String(issue.path[0] ?? ''), values.type);
        if (field) setError(field, { type: 'schema', message: issue.message });
      }
      return;
    }
    try {
      await downloadFromApi(reportEndpoint, { body }, 'packages.xlsx');
      showToast(t`The report was downloaded.`);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.isOffline) return fail(t`You are offline. Export the report when the connection is back.`);
      const unmatched: string[] = [];
      for (const [path, list] of Object.entries(error.fields)) {
        const field = fieldOf(path, values.type);
        if (field && list[0]) setError(field, { type: 'server', message: list[0] });
        else if (list[0]) unmatched.push(list[0]);
      }
      if (unmatched.length > 0 || Object.keys(error.fields).length === 0) fail(unmatched.join('\n') || error.message);
    }
  });

  const companyOptions = (companies.data ?? []).filter((c) => !companyFilter.trim() || foldText(c.name).includes(foldText(companyFilter.trim())));

  return (
    <div className="flex flex-col gap-4">
      <div>
        <BackToShipments />
        <h1 className="mt-1 text-2xl font-semibold">
          <Trans>Reports</Trans>
        </h1>
        <p className="text-sm text-base-content/70">
          <Trans>An Excel workbook of the shipments created in a period: every shipment, and a summary per day, country, product and status.</Trans>
        </p>
      </div>
      {failure && (
        <div role="alert" className="alert alert-error alert-soft whitespace-pre-line">
          {failure}
        </div>
      )}
      <form onSubmit={onSubmit} noValidate className="card max-w-3xl bg-base-100 shadow-sm">
        <div className="card-body gap-2 p-4 sm:p-6">
          {isAdmin && (
            <fieldset className="fieldset">
              <legend className="fieldset-legend">
                <Trans>Report type</Trans>
              </legend>
              <div className="flex flex-wrap gap-4">
                <label className="flex cursor-pointer items-center gap-2">
                  <input type="radio" className="radio radio-sm" value="DAILY" {...register('type')} />
                  <Trans>Daily (from – to)</Trans>
                </label>
                <label className="flex cursor-pointer items-center gap-2">
                  <input type="radio" className="radio radio-sm" value="MONTHLY" {...register('type')} />
                  <Trans>Monthly (a whole month)</Trans>
                </label>
              </div>
            </fieldset>
          )}
          {type === 'MONTHLY' ? (
            <MonthField label={t`Month`} registration={register('month')} error={errors.month} max={limits.maxFrom.slice(0, 7)} />
          ) : (
            <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
              <DateField label={t`From`} control={control} name="from_date" max={limits.maxFrom} />
              <DateField label={t`To`} control={control} name="to_date" max={limits.maxTo} />
            </div>
          )}
          {isAdmin && (
            <fieldset className="fieldset min-w-0">
              <legend className="fieldset-legend">
                <Trans>Company</Trans>
              </legend>
              <input
                type="search"
                className="input input-sm w-full"
                placeholder={t`Find a company`}
                aria-label={t`Find a company`}
                value={companyFilter}
                onChange={(e) => setCompanyFilter(e.target.value)}
              />
              <select className={`select w-full ${errors.company_id ? 'select-error' : ''}`} aria-label={t`Company`} aria-busy={companies.isPending} {...register('company_id')}>
                <option value="">{t`All companies`}</option>
                {companyOptions.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
              {companies.isError && <p className="label whitespace-normal text-error">{t`The companies could not be loaded.`}</p>}
              {errors.company_id?.message && (
                <p className="label whitespace-normal text-error" role="alert">
                  {i18n._(errors.company_id.message)}
                </p>
              )}
            </fieldset>
          )}
          <Controller control={control} name="countries" render={({ field }) => <CountryPicker value={field.value} onChange={field.onChange} />} />
          <div className="card-actions mt-2 justify-end gap-2">
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                reset(defaults());
                setCompanyFilter('');
                setFailure(null);
              }}
            >
              <Trans>Reset filter</Trans>
            </button>
            <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
              {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              <Trans>Export</Trans>
            </button>
          </div>
        </div>
      </form>
    </div>
  );
}
