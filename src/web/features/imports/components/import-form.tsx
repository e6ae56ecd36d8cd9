import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ImportPreview, ImportType, ImportUpload } from '#shared/contract/imports.ts';
import { IMPORT_MAX_BYTES } from '#shared/domain/limits.ts';
import { findMessage } from '#shared/i18n/find-message.ts';
import { documentActionMessages } from '#shared/i18n/document-action-messages.ts';
import { FilePicker } from '#web/components/form/file-picker.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { ApiError } from '#web/lib/api-error.ts';
import { useOnline } from '#web/lib/use-online.ts';
import { usePreviewImport } from '../api/preview-import.ts';
import { useStartImport } from '../api/start-import.ts';
import { ImportMapping } from './import-mapping.tsx';

interface FormValues {
  file: FileList | undefined;
}

type Phase = 'reading' | 'checking' | 'sending';

/** The upload's type comes from the extension; the server checks that the content matches it. */
export function importTypeOf(filename: string): ImportType | null {
  const extension = /\.([^.]+)$/.exec(filename)?.[1]?.toLowerCase();
  return extension === 'csv' || extension === 'xlsx' ? extension : null;
}

/** A message id for what is wrong with the chosen file, checked before reading a byte of it. */
export function fileProblem(files: FileList | undefined): string | true {
  const file = files?.[0];
  if (!file) return documentActionMessages.importFileRequired.id;
  if (!importTypeOf(file.name)) return documentActionMessages.importTypeInvalid.id;
  if (file.size > IMPORT_MAX_BYTES) return documentActionMessages.importTooLarge.id;
  if (file.size === 0) return documentActionMessages.importEmpty.id;
  return true;
}

/** The file as base64 without the data URL's `data:…;base64,` prefix (the contract's `file`). */
export function readAsBase64(file: Blob): Promise<string> {
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

/**
 * Upload (spec section 7): the file is checked in the browser, read as base64 and previewed; when
 * its headers name every required field the import starts at once, else the mapping step asks
 * for the missing columns first. Success shows the server's message and refreshes the history.
 */
export function ImportForm() {
  const { t, i18n } = useLingui();
  const id = useId();
  const preview = usePreviewImport();
  const start = useStartImport();
  const [phase, setPhase] = useState<Phase | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [mappingStep, setMappingStep] = useState<{ upload: ImportUpload; preview: ImportPreview } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors },
  } = useForm<FormValues>({ mode: 'onSubmit', reValidateMode: 'onChange' });

  const busy = phase !== null;
  // Offline the file can still be chosen (it stays); the import waits for the connection.
  const online = useOnline();
  const offlineId = `${id}-offline`;
  const fileError = errors.file?.message;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  // Client checks store message ids, the server sends translated text: both go through i18n._.
  const descriptor = fileError ? findMessage(fileError) : undefined;
  const fileErrorText = descriptor ? i18n._(descriptor) : fileError ? i18n._(fileError) : null;

  const file = register('file', {
    validate: fileProblem,
    // Another file is another upload: its columns may differ.
    onChange: () => {
      setMappingStep(null);
      setFailure(null);
    },
  });

  function fail(error: unknown) {
    if (error instanceof ApiError && !error.isOffline) {
      const message = error.fields.file?.[0];
      if (message) {
        setMappingStep(null);
        setError('file', { type: 'server', message }, { shouldFocus: true });
        return;
      }
    }
    setFailure(
      error instanceof ApiError && error.isOffline
        ? t`You are offline. Your file is kept: import it again when the connection is back.`
        : error instanceof Error
          ? error.message
          : String(error),
    );
  }

  async function send(upload: ImportUpload) {
    setPhase('sending');
    setFailure(null);
    try {
      const started = await start.mutateAsync({ upload, idempotencyKey: crypto.randomUUID() });
      showToast(started.message);
      setMappingStep(null);
      reset();
    } catch (error) {
      fail(error);
    } finally {
      setPhase(null);
    }
  }

  const onSubmit = handleSubmit(async ({ file: files }) => {
    const chosen = files?.[0];
    const type = chosen && importTypeOf(chosen.name);
    if (!chosen || !type) return;
    setFailure(null);
    setMappingStep(null);
    setPhase('reading');
    let content: string;
    try {
      content = await readAsBase64(chosen);
    } catch {
      setPhase(null);
      setError('file', { type: 'read', message: documentActionMessages.importUnreadable.id }, { shouldFocus: true });
      return;
    }
    const upload: ImportUpload = { type, filename: chosen.name, file: content };
    setPhase('checking');
    let found: ImportPreview;
    try {
      found = await preview.mutateAsync(upload);
    } catch (error) {
      setPhase(null);
      fail(error);
      return;
    }
    if (found.missing.length > 0) {
      setPhase(null);
      setMappingStep({ upload, preview: found });
      return;
    }
    await send(upload);
  });

  const phaseText: Record<Phase, string> = {
    reading: t`Reading the file…`,
    checking: t`Checking the columns…`,
    sending: t`Starting the import…`,
  };

  return (
    <>
      <section className="card bg-base-100 shadow-sm" aria-labelledby={`${id}-title`}>
        <form className="card-body gap-2" onSubmit={onSubmit} noValidate>
          <h2 id={`${id}-title`} className="card-title text-lg">
            <Trans>Upload a file</Trans>
          </h2>
          {failure && (
            <div role="alert" className="alert alert-error alert-soft">
              <span className="whitespace-pre-line">{failure}</span>
            </div>
          )}
          <div className="flex flex-wrap items-end gap-x-3 gap-y-2">
            <fieldset className="fieldset min-w-0 flex-1 basis-72" disabled={busy}>
              <label className="fieldset-legend" htmlFor={`${id}-file`}>
                <Trans>File</Trans>
              </label>
              <FilePicker
                id={`${id}-file`}
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                registration={file}
                control={control}
                invalid={Boolean(fileErrorText)}
                describedBy={fileErrorText ? errorId : hintId}
              />
              {fileErrorText ? (
                <p id={errorId} className="label whitespace-normal text-error" role="alert">
                  {fileErrorText}
                </p>
              ) : (
                <p id={hintId} className="label">
                  <Trans>A .csv or .xlsx file of up to 30 MB.</Trans>
                </p>
              )}
            </fieldset>
            <div className="flex items-center gap-3 sm:mb-6">
              <button type="submit" className="btn btn-primary" disabled={busy || !online} aria-describedby={online ? undefined : offlineId}>
                {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                <Trans>Import</Trans>
              </button>
              <span id={offlineId} className="text-sm text-base-content/70" role="status" aria-live="polite">
                {phase ? phaseText[phase] : online ? null : t`Importing needs the connection: your file stays chosen.`}
              </span>
            </div>
          </div>
        </form>
      </section>
      {mappingStep && (
        <ImportMapping
          key={mappingStep.upload.filename + mappingStep.preview.headers.join('\u0000')}
          preview={mappingStep.preview}
          filename={mappingStep.upload.filename}
          busy={busy}
          onStart={(mapping) => void send({ ...mappingStep.upload, mapping })}
          onCancel={() => setMappingStep(null)}
        />
      )}
    </>
  );
}
