import { Trans, useLingui } from '@lingui/react/macro';
import type { PickupAddress } from '#shared/contract/pickup-addresses.ts';
import { isLabelPrinter, LABEL_PRINTERS } from '#shared/domain/label-formats.ts';
import { ListError } from '#web/components/ui/list-states.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { useLabelPrinterNames } from '#web/components/ui/use-label-printer-names.ts';
import { useProfile } from '#web/lib/profile.ts';
import { usePickupAddresses } from '../api/get-pickup-addresses.ts';
import { useCan } from '#web/lib/session.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { useSetPickupAddressPrinter } from '../api/set-pickup-address-printer.ts';

/**
 * The printer profiles on the settings page (issue 33): the printer each pickup address's labels
 * print on, saved as it is chosen, for every device of the company that follows the profiles
 * (the shipment list's "Automatic"). Without one, an address prints on the company's printer,
 * which the carrier sets. Roles that do not create shipments read it only. The settings page
 * shows it (composed by its route: features do not import each other).
 */
export function LabelPrintersSection() {
  const companyPrinter = useProfile().data?.company.label_printer ?? null;
  const addresses = usePickupAddresses();
  const errorText = useErrorText();
  const names = useLabelPrinterNames();
  const canChange = useCan('shipments.create');
  const companyName = names[companyPrinter ?? 'office'];

  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="label-printers-title">
      <div className="card-body gap-4">
        <div>
          <h2 id="label-printers-title" className="card-title">
            <Trans>Label printers</Trans>
          </h2>
          <p className="text-sm text-base-content/70">
            <Trans>
              Which printer each pickup address’s labels print on, for every device that prints automatically. Your company’s printer, set by the carrier: {companyName}.
            </Trans>
          </p>
        </div>
        {addresses.isPending && <div className="skeleton h-16 w-full" aria-busy="true" />}
        {addresses.isError && <ListError text={errorText(addresses.error)} onRetry={() => void addresses.refetch()} />}
        {addresses.data && addresses.data.length === 0 && (
          <p className="text-sm">
            <Trans>Your company has no pickup address yet.</Trans>
          </p>
        )}
        {addresses.data && addresses.data.length > 0 && (
          <ul className="flex flex-col divide-y divide-base-200">
            {addresses.data.map((address) => (
              <AddressPrinter key={address.id} address={address} companyName={companyName} canChange={canChange} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function AddressPrinter({ address, companyName, canChange }: { address: PickupAddress; companyName: string; canChange: boolean }) {
  const { t } = useLingui();
  const names = useLabelPrinterNames();
  const errorText = useErrorText(t`You are offline. The printer can be changed when the connection is back.`);
  const save = useSetPickupAddressPrinter();
  const place = `${address.street}, ${address.zip} ${address.city}`;
  const current = save.isPending ? save.variables.labelPrinter : address.labelPrinter;

  function change(value: string) {
    const labelPrinter = isLabelPrinter(value) ? value : null;
    save.mutate(
      { id: address.id, labelPrinter },
      {
        onSuccess: () => showToast(t`Label printer of ${place} saved.`),
        onError: (error) => showToast(errorText(error), 'error'),
      },
    );
  }

  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 md:flex-row md:items-center md:justify-between">
      <div className="min-w-0 break-words">
        <span className="font-medium">{place}</span>
        <span className="block text-sm text-base-content/70">{address.contactPerson}</span>
      </div>
      {canChange ? (
        <select
          aria-label={t`Label printer of ${place}`}
          className="select select-bordered select-sm w-full md:w-72"
          value={current ?? ''}
          disabled={save.isPending}
          aria-busy={save.isPending}
          onChange={(event) => change(event.target.value)}
        >
          <option value="">{t`Company’s printer: ${companyName}`}</option>
          {LABEL_PRINTERS.map((printer) => (
            <option key={printer} value={printer}>
              {names[printer]}
            </option>
          ))}
        </select>
      ) : (
        <span className="text-sm">{current ? names[current] : t`Company’s printer: ${companyName}`}</span>
      )}
    </li>
  );
}
