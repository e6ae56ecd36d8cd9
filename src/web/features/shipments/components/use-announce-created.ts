import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { showToast } from '#web/components/ui/toast-store.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { downloadLabel } from '../api/download-label.ts';
import { downloadLabels } from '../api/download-labels.ts';
import { rememberCreated } from '../recent-shipments.ts';
import { useLabelPrinting } from '../label-printer.ts';
import { useLabelDeliveryToast } from './use-label-delivery-toast.ts';
import { readLabelStart } from './use-label-start.ts';

/**
 * created: the send form or the wizard's submission was just accepted; sent: a submission that
 * waited in this browser (offline) has now been accepted.
 */
export type CreatedHow = 'created' | 'sent';

/**
 * Says which shipments were created, offers their label at once on this device's label printer
 * (by default the printer of the pickup addresses they leave from; with the office printer one A6
 * label, or several on A4 sheets from the quarter chosen last) and marks them as new for the list.
 */
export function useAnnounceCreated(): (itemNumbers: readonly string[], how?: CreatedHow, pickupAddressIds?: readonly (string | null)[]) => void {
  const { t } = useLingui();
  const errorText = useErrorText();
  const delivered = useLabelDeliveryToast();
  const { formatForPrint } = useLabelPrinting();
  return useCallback(
    (itemNumbers: readonly string[], how: CreatedHow = 'created', pickupAddressIds: readonly (string | null)[] = []) => {
      const items = [...itemNumbers];
      const [first] = items;
      if (!first) return;
      rememberCreated(items);
      const count = items.length;
      const numbers = items.join(', ');
      const message =
        how === 'created'
          ? t({ message: plural(count, { one: `Shipment ${numbers} created.`, other: `Shipments ${numbers} created.` }) })
          : t({ message: plural(count, { one: `Shipment ${numbers} sent: it was waiting in this browser.`, other: `Shipments ${numbers} sent: they were waiting in this browser.` }) });
      const print = async () => {
        try {
          const delivery =
            count === 1
              ? await downloadLabel(first, await formatForPrint('one', pickupAddressIds))
              : await downloadLabels(items, { format: await formatForPrint('many', pickupAddressIds), start: readLabelStart() });
          delivered(delivery);
        } catch (error) {
          // A failed label is a destructive toast with the server's text (spec section 8).
          showToast(errorText(error), 'error');
        }
      };
      showToast(message, { kind: 'success', action: { label: count === 1 ? t`Print label` : t`Print labels`, run: print } });
    },
    [t, errorText, delivered, formatForPrint],
  );
}
