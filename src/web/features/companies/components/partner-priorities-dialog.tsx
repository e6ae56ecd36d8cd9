import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { PartnerCandidate } from '#shared/contract/admin-pickup-addresses.ts';
import { decimalMarkOf, parseDecimal } from '#shared/domain/decimal-text.ts';
import { PARTNER_PRIORITY_MAX, PARTNER_PRIORITY_MIN } from '#shared/domain/limits.ts';
import { numberInput } from '#web/components/form/number-text.ts';
import { ListError, useListTexts } from '#web/components/ui/list-states.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { useAllPartners, useUpdatePartnerPriority } from '../api/partners.ts';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { useFailureText } from './use-failure-text.ts';

/** Every partner with its priority (1–10); a changed value is saved (PUT) when the field is left or Enter is pressed. */
export function PartnerPrioritiesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <FormDialog open={open} title={t`Partner priorities`} onClose={onClose}>
      <PriorityList />
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </div>
    </FormDialog>
  );
}

function PriorityList() {
  const { t } = useLingui();
  const partners = useAllPartners();
  const { errorText } = useListTexts();
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-base-content/70">
        <Trans>
          From {PARTNER_PRIORITY_MIN} to {PARTNER_PRIORITY_MAX}: among the partners that serve a shipment, the one with the highest priority is the default.
        </Trans>
      </p>
      {partners.isPending && <span className="loading loading-spinner" aria-label={t`Loading`} />}
      {partners.isError && <ListError text={errorText(partners.error)} onRetry={() => void partners.refetch()} />}
      <ul className="flex flex-col gap-1">
        {partners.data?.map((p) => (
          <PriorityRow key={p.id} partner={p} />
        ))}
      </ul>
    </div>
  );
}

function PriorityRow({ partner }: { partner: PartnerCandidate }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const update = useUpdatePartnerPriority();
  const failureText = useFailureText();
  const [value, setValue] = useState(String(partner.priority));
  const [invalid, setInvalid] = useState(false);

  const commit = async () => {
    // Typed as text (README note 96): "7" or "7,0"; "2,5" is refused, never read as 25.
    const priority = parseDecimal(value, decimalMarkOf(i18n.locale));
    if (priority === partner.priority) return;
    if (!Number.isInteger(priority) || priority < PARTNER_PRIORITY_MIN || priority > PARTNER_PRIORITY_MAX) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    try {
      await update.mutateAsync({ partnerId: partner.id, priority });
      showToast(t`Priority of ${partner.name} saved.`);
    } catch (error) {
      showToast(failureText(error), 'error');
    }
  };

  return (
    <li className="flex flex-wrap items-center justify-between gap-2">
      <label htmlFor={id} className="min-w-0 flex-1 break-words">
        {partner.name}
      </label>
      <span className="flex items-center gap-2">
        {update.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        <input
          id={id}
          {...numberInput('numeric')}
          className={`input input-sm w-20 ${invalid ? 'input-error' : ''}`}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onBlur={() => void commit()}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void commit();
            }
          }}
        />
      </span>
      {invalid && (
        <p id={`${id}-error`} role="alert" className="w-full text-sm text-error">
          <Trans>Priority is a whole number from 1 to 10</Trans>
        </p>
      )}
    </li>
  );
}
