import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { showToast } from '#web/components/ui/toast-store.ts';
import type { LabelDelivery } from '../label-delivery.ts';

/**
 * Says where labels went: straight to the USB printer, or saved as a file (with `saved`, the
 * caller's text for that; none for one label, whose download the browser shows), or saved instead
 * of printed, and why.
 */
export function useLabelDeliveryToast(): (delivery: LabelDelivery, saved?: string) => void {
  const { t } = useLingui();
  return useCallback(
    (delivery: LabelDelivery, saved?: string) => {
      if (delivery.printedOn) {
        const printer = delivery.printedOn;
        showToast(t`Sent to the printer ${printer}.`);
      } else if (delivery.usbFailure === 'busy') {
        showToast(t`This computer's printer driver holds the USB printer, so the labels were saved as a file instead. Send the file to the printer as the manual shows.`, 'error');
      } else if (delivery.usbFailure === 'not-chosen') {
        showToast(t`This browser no longer has the USB printer, so the labels were saved as a file instead. Connect it again beside the label printer.`, 'error');
      } else if (delivery.usbFailure) {
        showToast(t`The labels could not be sent to the USB printer (is it on and plugged in?), so they were saved as a file instead.`, 'error');
      } else if (saved) {
        showToast(saved);
      }
    },
    [t],
  );
}
