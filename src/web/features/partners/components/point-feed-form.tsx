import { zodResolver } from '@hookform/resolvers/zod';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { POINT_FEED_INTERVALS, pointFeedUpdateSchema, type PointFeed, type PointFeedUpdate } from '#shared/contract/admin-point-feeds.ts';
import { formFailureText } from '#web/components/form/server-errors.ts';
import { SelectField } from '#web/components/form/select-field.tsx';
import { TextField } from '#web/components/form/text-field.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { ApiError } from '#web/lib/api-error.ts';
import { useSavePointFeed } from '../api/point-feeds.ts';

const FIELDS = ['url', 'format', 'every_hours', 'enabled'] as const;
const NEW_FEED: PointFeedUpdate = { url: '', format: 'csv', every_hours: 24, enabled: true };

/** "Every hour", "Every 6 hours": how often a feed is fetched, in the active language. */
export function useIntervalText(): (hours: number) => string {
  const { t } = useLingui();
  return (hours: number) => t({ message: plural(hours, { one: 'Every hour', other: 'Every # hours' }) });
}

/** Sets or replaces the partner's list address: the address, its format, how often and whether the schedule runs. */
export function PointFeedForm({ partnerId, partnerName, feed }: { partnerId: number; partnerName: string; feed: PointFeed | null }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const save = useSavePointFeed(partnerId);
  const intervalText = useIntervalText();
  const [failure, setFailure] = useState<string | null>(null);
  const values = useMemo<PointFeedUpdate>(
    () => (feed ? { url: feed.url, format: feed.format, every_hours: feed.every_hours as PointFeedUpdate['every_hours'], enabled: feed.enabled } : NEW_FEED),
    [feed],
  );
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<PointFeedUpdate>({ resolver: zodResolver(pointFeedUpdateSchema), values });

  const onSubmit = handleSubmit(async (update) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync(update);
      reset({ url: saved.url, format: saved.format, every_hours: saved.every_hours as PointFeedUpdate['every_hours'], enabled: saved.enabled });
      showToast(t`List address of ${partnerName} saved.`);
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
    <form onSubmit={onSubmit} noValidate className="flex min-w-0 flex-col gap-1" aria-label={feed ? t`Change the list address` : t`Set the list address`}>
      <h3 className="font-semibold">{feed ? <Trans>Change the address</Trans> : <Trans>Set the address</Trans>}</h3>
      {failure && (
        <div role="alert" className="alert alert-error alert-soft break-words whitespace-pre-line">
          {failure}
        </div>
      )}
      <TextField
        label={t`Address of the list`}
        registration={register('url')}
        error={errors.url}
        hint={t`An https:// address where the partner publishes its pickup-point list.`}
        placeholder="https://…"
        inputMode="url"
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
      />
      <div className="grid grid-cols-1 gap-x-3 sm:grid-cols-2">
        <SelectField label={t`Format`} registration={register('format')} error={errors.format}>
          <option value="csv">CSV</option>
          <option value="json">JSON</option>
        </SelectField>
        <SelectField label={t`How often`} registration={register('every_hours', { setValueAs: (value: unknown) => Number(value) })} error={errors.every_hours}>
          {POINT_FEED_INTERVALS.map((hours) => (
            <option key={hours} value={hours}>
              {intervalText(hours)}
            </option>
          ))}
        </SelectField>
      </div>
      <label className="label mt-2 cursor-pointer items-start gap-2 whitespace-normal text-base-content" htmlFor={`${id}-enabled`}>
        <input
          id={`${id}-enabled`}
          type="checkbox"
          className="toggle toggle-success shrink-0"
          aria-invalid={errors.enabled ? true : undefined}
          aria-describedby={errors.enabled ? `${id}-enabled-error` : undefined}
          {...register('enabled')}
        />
        <span className="min-w-0">
          <Trans>Fetch on schedule (off: only when you press "Fetch now")</Trans>
        </span>
      </label>
      {errors.enabled?.message && (
        <p id={`${id}-enabled-error`} className="label whitespace-normal text-error" role="alert">
          {i18n._(errors.enabled.message)}
        </p>
      )}
      <div className="card-actions mt-2 justify-end">
        <button type="submit" className="btn btn-primary btn-sm" disabled={(feed !== null && !isDirty) || isSubmitting}>
          {isSubmitting && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          <Trans>Save</Trans>
        </button>
      </div>
    </form>
  );
}
