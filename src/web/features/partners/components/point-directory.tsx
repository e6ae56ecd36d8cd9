import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type POINT_DIRECTORY_FORMATS, type PointDirectoryImport } from '#shared/contract/admin-pickup-points.ts';
import { PARTNERS } from '#shared/domain/enums.ts';
import { IMPORT_MAX_BYTES } from '#shared/domain/limits.ts';
import { adminMessages } from '#shared/i18n/admin-messages.ts';
import { findMessage } from '#shared/i18n/find-message.ts';
import { messages } from '#shared/i18n/messages.ts';
import { documentActionMessages } from '#shared/i18n/document-action-messages.ts';
import { FilePicker } from '#web/components/form/file-picker.tsx';
import { ListError, useListTexts } from '#web/components/ui/list-states.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { ApiError } from '#web/lib/api-error.ts';
import { formatDateTime, formatNumber } from '#web/lib/format.ts';
import { DIRECTORY_PARTNERS, useDirectoryImports, useImportDirectory } from '../api/point-directory.ts';
import { useNetworkPartners } from '../api/partners.ts';

type Format = (typeof POINT_DIRECTORY_FORMATS)[number];

interface FormValues {
  partner_id: string;
  format: Format;
  file: FileList | undefined;
}

const FIELDS = ['partner_id', 'format', 'file'] as const;

/** The format a file's extension suggests. */
export function directoryFormatOf(filename: string): Format | null {
  const extension = /\.([^.]+)$/.exec(filename)?.[1]?.toLowerCase();
  return extension === 'csv' || extension === 'json' ? extension : null;
}

function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? '');
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** The pickup-point directory: upload a partner's list, see what it changed and the last imports. */
export function PointDirectory() {
  const [shown, setShown] = useState<PointDirectoryImport | null>(null);
  return (
    <section className="flex flex-col gap-3" aria-labelledby="point-directory-title">
      <header>
        <h2 id="point-directory-title" className="text-xl font-semibold">
          <Trans>Pickup-point directory</Trans>
        </h2>
        <p className="text-base-content/70 text-sm">
          <Trans>An import adds new points, updates changed ones and deactivates the points missing from the file; nothing is deleted.</Trans>
        </p>
      </header>
      <DirectoryUploadForm onImported={setShown} />
      {shown && <DirectorySummary summary={shown} onClose={() => setShown(null)} />}
      <DirectoryHistory onShow={setShown} />
    </section>
  );
}

function DirectoryUploadForm({ onImported }: { onImported: (summary: PointDirectoryImport) => void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const partners = useNetworkPartners();
  const upload = useImportDirectory();
  const [failure, setFailure] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    control,
    formState: { errors },
  } = useForm<FormValues>({ defaultValues: { partner_id: '', format: 'csv', file: undefined } });

  const busy = reading || upload.isPending;
  const nameOf = (code: string) => partners.data?.find((p) => p.code === code)?.name ?? code;
  const text = (message: string | undefined) => {
    if (!message) return null;
    const descriptor = findMessage(message);
    return descriptor ? i18n._(descriptor) : i18n._(message);
  };

  const file = register('file', {
    validate: (files) => {
      const chosen = files?.[0];
      if (!chosen) return documentActionMessages.importFileRequired.id;
      if (chosen.size > IMPORT_MAX_BYTES) return adminMessages.directoryTooLarge.id;
      if (chosen.size === 0) return documentActionMessages.importEmpty.id;
      return true;
    },
    onChange: (event: { target: HTMLInputElement }) => {
      const format = directoryFormatOf(event.target.files?.[0]?.name ?? '');
      if (format) setValue('format', format);
      setFailure(null);
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    const chosen = values.file?.[0];
    if (!chosen) return;
    setFailure(null);
    setReading(true);
    let content: string;
    try {
      content = await readAsBase64(chosen);
    } catch {
      setError('file', { type: 'read', message: documentActionMessages.importUnreadable.id }, { shouldFocus: true });
      return;
    } finally {
      setReading(false);
    }
    try {
      const summary = await upload.mutateAsync({ partner_id: Number(values.partner_id), format: values.format, filename: chosen.name, file: content });
      showToast(t`Directory imported: ${summary.added} added, ${summary.changed} changed, ${summary.deactivated} deactivated, ${summary.rejected} rejected.`);
      onImported(summary);
      reset({ partner_id: values.partner_id, format: values.format, file: undefined });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.isOffline) {
        setFailure(t`You are offline. Your file is kept: import it again when the connection is back.`);
        return;
      }
      const unmatched: string[] = [];
      let first = true;
      for (const [field, list] of Object.entries(error.fields)) {
        const message = list[0];
        if (!message) continue;
        const target = field === 'filename' ? 'file' : field;
        if ((FIELDS as readonly string[]).includes(target)) {
          setError(target as (typeof FIELDS)[number], { type: 'server', message }, { shouldFocus: first });
          first = false;
        } else unmatched.push(`${field}: ${message}`);
      }
      if (unmatched.length > 0 || Object.keys(error.fields).length === 0) setFailure(unmatched.join('\n') || error.body?.message || error.message);
    }
  });

  const partnerError = text(errors.partner_id?.message);
  const formatError = text(errors.format?.message);
  const fileError = text(errors.file?.message);

  return (
    <form className="card bg-base-100 shadow-sm" onSubmit={onSubmit} noValidate aria-label={t`Import a pickup-point directory`}>
      <div className="card-body gap-2 p-4">
        {failure && (
          <div role="alert" className="alert alert-error alert-soft">
            <span className="whitespace-pre-line">{failure}</span>
          </div>
        )}
        <div className="grid grid-cols-1 gap-x-3 sm:grid-cols-2 lg:grid-cols-[1fr_10rem_2fr_auto] lg:items-start">
          <fieldset className="fieldset" disabled={busy}>
            <label className="fieldset-legend" htmlFor={`${id}-partner`}>
              <Trans>Partner</Trans>
            </label>
            <select
              id={`${id}-partner`}
              className={`select w-full ${partnerError ? 'select-error' : ''}`}
              aria-invalid={partnerError ? true : undefined}
              aria-describedby={partnerError ? `${id}-partner-error` : undefined}
              {...register('partner_id', { required: messages.required.id })}
            >
              <option value="">{t`Choose a partner…`}</option>
              {DIRECTORY_PARTNERS.map((code) => (
                <option key={code} value={PARTNERS[code]}>
                  {nameOf(code)}
                </option>
              ))}
            </select>
            {partnerError && (
              <p id={`${id}-partner-error`} className="label whitespace-normal text-error" role="alert">
                {partnerError}
              </p>
            )}
          </fieldset>
          <fieldset className="fieldset" disabled={busy}>
            <label className="fieldset-legend" htmlFor={`${id}-format`}>
              <Trans>Format</Trans>
            </label>
            <select
              id={`${id}-format`}
              className={`select w-full ${formatError ? 'select-error' : ''}`}
              aria-invalid={formatError ? true : undefined}
              aria-describedby={formatError ? `${id}-format-error` : undefined}
              {...register('format')}
            >
              <option value="csv">CSV</option>
              <option value="json">JSON</option>
            </select>
            {formatError && (
              <p id={`${id}-format-error`} className="label whitespace-normal text-error" role="alert">
                {formatError}
              </p>
            )}
          </fieldset>
          <fieldset className="fieldset sm:col-span-2 lg:col-span-1" disabled={busy}>
            <label className="fieldset-legend" htmlFor={`${id}-file`}>
              <Trans>File</Trans>
            </label>
            <FilePicker
              id={`${id}-file`}
              accept=".csv,.json,text/csv,application/json"
              registration={file}
              control={control}
              invalid={Boolean(fileError)}
              describedBy={fileError ? `${id}-file-error` : `${id}-file-hint`}
            />
            {fileError ? (
              <p id={`${id}-file-error`} className="label text-error whitespace-normal" role="alert">
                {fileError}
              </p>
            ) : (
              <p id={`${id}-file-hint`} className="label whitespace-normal">
                <Trans>The partner's list in its documented format, up to 30 MB.</Trans>
              </p>
            )}
          </fieldset>
          <div className="flex items-center gap-3 sm:col-span-2 lg:col-span-1 lg:mt-9">
            <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
              {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              <Trans>Import</Trans>
            </button>
            <span className="text-base-content/70 text-sm lg:sr-only" role="status" aria-live="polite">
              {reading ? t`Reading the file…` : upload.isPending ? t`Importing…` : ''}
            </span>
          </div>
        </div>
      </div>
    </form>
  );
}

/** What one import did, with the rows it refused. */
export function DirectorySummary({ summary, onClose }: { summary: PointDirectoryImport; onClose?: () => void }) {
  const { t, i18n } = useLingui();
  const n = (value: number) => formatNumber(value, i18n.locale);
  const stats: Array<[string, number, string]> = [
    [t`Rows`, summary.total, ''],
    [t`Added`, summary.added, 'text-success'],
    [t`Changed`, summary.changed, 'text-info'],
    [t`Unchanged`, summary.unchanged, ''],
    [t`Deactivated`, summary.deactivated, 'text-warning'],
    [t`Rejected`, summary.rejected, summary.rejected > 0 ? 'text-error' : ''],
  ];
  const filename = summary.filename;
  const partner = summary.partner_name;
  const when = formatDateTime(summary.created_at);
  const shownRows = summary.rejected_rows.length;
  return (
    <section className="card bg-base-100 shadow-sm" aria-label={t`Import summary`}>
      <div className="card-body gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="card-title text-base break-all">
              <Trans>
                {partner}: {filename}
              </Trans>
            </h3>
            <p className="text-base-content/70 text-sm">{summary.actor ? t`${when} by ${summary.actor}` : when}</p>
          </div>
          {onClose && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
              <Trans>Close</Trans>
            </button>
          )}
        </div>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
          {stats.map(([label, value, tone]) => (
            <div key={label} className="bg-base-200 rounded-box px-3 py-2">
              <dt className="text-base-content/70 text-xs">{label}</dt>
              <dd className={`text-lg font-semibold ${tone}`}>{n(value)}</dd>
            </div>
          ))}
        </dl>
        {shownRows > 0 && (
          <div>
            <h4 className="mb-1 font-semibold">
              <Trans>Rejected rows</Trans>
            </h4>
            {summary.rejected > shownRows && (
              <p className="text-base-content/70 mb-1 text-sm">
                <Trans>
                  The first {shownRows} of {summary.rejected} rejected rows.
                </Trans>
              </p>
            )}
            <div className="max-h-80 overflow-auto">
              <table className="table table-sm table-pin-rows">
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Row</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Field</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Problem</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {summary.rejected_rows.map((row, i) => (
                    <tr key={i}>
                      <td className="tabular-nums">{row.row}</td>
                      <td className="font-mono text-xs break-all">{row.field}</td>
                      <td>{row.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}

function DirectoryHistory({ onShow }: { onShow: (summary: PointDirectoryImport) => void }) {
  const { t, i18n } = useLingui();
  const imports = useDirectoryImports();
  const { errorText } = useListTexts();
  const n = (value: number) => formatNumber(value, i18n.locale);
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="directory-history-title">
      <div className="card-body gap-2 p-4">
        <h3 id="directory-history-title" className="card-title text-base">
          <Trans>Last imports</Trans>
        </h3>
        {imports.isPending && <span className="loading loading-spinner" aria-label={t`Loading`} />}
        {imports.isError && <ListError text={errorText(imports.error)} onRetry={() => void imports.refetch()} />}
        {imports.data?.length === 0 && (
          <p className="text-sm">
            <Trans>No directory has been imported yet.</Trans>
          </p>
        )}
        {imports.data && imports.data.length > 0 && (
          <div className="overflow-x-auto">
            <table className="table table-sm">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Date</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Partner</Trans>
                  </th>
                  <th scope="col">
                    <Trans>File</Trans>
                  </th>
                  <th scope="col" className="text-right">
                    <Trans>Added</Trans>
                  </th>
                  <th scope="col" className="text-right">
                    <Trans>Changed</Trans>
                  </th>
                  <th scope="col" className="text-right">
                    <Trans>Unchanged</Trans>
                  </th>
                  <th scope="col" className="text-right">
                    <Trans>Deactivated</Trans>
                  </th>
                  <th scope="col" className="text-right">
                    <Trans>Rejected</Trans>
                  </th>
                  <th scope="col">
                    <Trans>By</Trans>
                  </th>
                  <th scope="col">
                    <span className="sr-only">
                      <Trans>Actions</Trans>
                    </span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {imports.data.map((item) => (
                  <tr key={item.id}>
                    <td className="whitespace-nowrap">{formatDateTime(item.created_at)}</td>
                    <td className="whitespace-nowrap">{item.partner_name}</td>
                    <td className="max-w-48 truncate" title={item.filename}>
                      {item.filename}
                    </td>
                    <td className="text-right tabular-nums">{n(item.added)}</td>
                    <td className="text-right tabular-nums">{n(item.changed)}</td>
                    <td className="text-right tabular-nums">{n(item.unchanged)}</td>
                    <td className="text-right tabular-nums">{n(item.deactivated)}</td>
                    <td className={`text-right tabular-nums ${item.rejected > 0 ? 'text-error' : ''}`}>{n(item.rejected)}</td>
                    <td className="max-w-40 truncate" title={item.actor ?? undefined}>
                      {item.actor ?? '—'}
                    </td>
                    <td>
                      <button type="button" className="btn btn-ghost btn-xs" onClick={() => onShow(item)} aria-label={t`Show the import of ${item.filename}`}>
                        <Trans>Show</Trans>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
