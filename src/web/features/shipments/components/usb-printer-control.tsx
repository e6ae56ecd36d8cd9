import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { showToast } from '#web/components/ui/toast-store.ts';
import { allowedPrinter, choosePrinter, forgetPrinter, usbPrintingAvailable, type UsbPrinter } from '#web/lib/usb-printer.ts';
import { chooseUsbPrinting, usbPrintingChosen } from '../label-delivery.ts';

/**
 * Beside a Zebra label printer in the toolbar: connects a USB printer so that ZPL labels go
 * straight to it (the browser asks which printer once), shows which one is connected, and lets
 * it go. Where the browser cannot (Firefox, Safari), says that the file is saved instead.
 */
export function UsbPrinterControl() {
  const { t } = useLingui();
  const available = usbPrintingAvailable();
  const [printer, setPrinter] = useState<UsbPrinter | null>(null);

  useEffect(() => {
    if (!available || !usbPrintingChosen()) return;
    let live = true;
    allowedPrinter()
      .then((found) => live && setPrinter(found))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [available]);

  if (!available) {
    return <span className="max-w-64 text-xs text-base-content/70">{t`Printing straight to a USB printer needs Chrome or Edge: here the .zpl file is saved.`}</span>;
  }

  async function connect() {
    try {
      const chosen = await choosePrinter();
      if (!chosen) return;
      chooseUsbPrinting(true);
      setPrinter(chosen);
      const name = chosen.productName || 'USB';
      showToast(t`Labels now go straight to ${name}.`);
    } catch {
      showToast(t`The browser could not connect the USB printer.`, 'error');
    }
  }

  async function disconnect(connected: UsbPrinter) {
    chooseUsbPrinting(false);
    setPrinter(null);
    await forgetPrinter(connected);
  }

  if (!printer) {
    return (
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => void connect()}>
        <UsbIcon />
        {t`Connect USB printer`}
      </button>
    );
  }
  const name = printer.productName || 'USB';
  return (
    <span className="flex items-center gap-1 text-sm">
      <UsbIcon />
      <span>{t`Prints on ${name}`}</span>
      <button type="button" className="btn btn-ghost btn-xs" aria-label={t`Disconnect the USB printer ${name}`} title={t`Disconnect the USB printer ${name}`} onClick={() => void disconnect(printer)}>
        ✕
      </button>
    </span>
  );
}

function UsbIcon() {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" className="h-4 w-4" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
      <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M12 3v14M9 6l3-3 3 3M7 10v3l5 3M17 9v3l-5 3M12 17a2 2 0 1 0 0 4 2 2 0 0 0 0-4z" />
    </svg>
  );
}
