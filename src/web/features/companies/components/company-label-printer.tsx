import { Trans, useLingui } from '@lingui/react/macro';
import type { Company } from '#shared/contract/admin-companies.ts';
import { isLabelPrinter, LABEL_PRINTERS } from '#shared/domain/label-formats.ts';
import { showToast } from '#web/components/ui/toast-store.ts';
import { useLabelPrinterNames } from '#web/components/ui/use-label-printer-names.ts';
import { useSetCompanyPrinter } from '../api/company-label-printer.ts';
import { useFailureText } from './use-failure-text.ts';

/**
 * The company's label printer (issue 33): what its pickup addresses print on unless a client set
 * an address's own in Settings (those are listed). Saved as it is chosen.
 */
export function CompanyLabelPrinter({ company }: { company: Company }) {
  const { t } = useLingui();
  const names = useLabelPrinterNames();
  const failureText = useFailureText();
  const save = useSetCompanyPrinter(company.id);
  const current = save.isPending ? save.variables : company.labelPrinter;
  const ownPrinters = company.pickupAddresses.filter((address) => address.labelPrinter !== null);

  return (
    <div className="flex flex-col gap-2">
      <h2 id="company-label-printer-title" className="text-lg font-semibold">
        <Trans>Label printer</Trans>
      </h2>
      <p className="text-sm text-base-content/70">
        <Trans>The company’s labels print on it on every device that prints automatically, unless a client set a printer for the pickup address.</Trans>
      </p>
      <select
        className="select select-bordered select-sm w-full sm:w-72"
        aria-labelledby="company-label-printer-title"
        value={current ?? 'office'}
        disabled={save.isPending}
        aria-busy={save.isPending}
        onChange={(event) => {
          const value = event.target.value;
          // The office printer is what no setting means: stored as none.
          const labelPrinter = isLabelPrinter(value) && value !== 'office' ? value : null;
          save.mutate(labelPrinter, { onSuccess: () => showToast(t`Label printer saved.`), onError: (error) => showToast(failureText(error), 'error') });
        }}
      >
        {LABEL_PRINTERS.map((printer) => (
          <option key={printer} value={printer}>
            {names[printer]}
          </option>
        ))}
      </select>
      {ownPrinters.length > 0 && (
        <ul className="text-sm text-base-content/70" aria-label={t`Pickup addresses with a printer of their own`}>
          {ownPrinters.map((address) => (
            <li key={address.id}>
              {address.street}, {address.zip} {address.city}: {names[address.labelPrinter ?? 'office']}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
