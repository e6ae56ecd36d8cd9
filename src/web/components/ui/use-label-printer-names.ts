import { useLingui } from '@lingui/react/macro';
import type { LabelPrinter } from '#shared/domain/label-formats.ts';

/** The label printers by name (issue 33): the device's choice, the printer profiles, the audit log. */
export function useLabelPrinterNames(): Record<LabelPrinter, string> {
  const { t } = useLingui();
  return {
    office: t`Office printer (A4)`,
    'pdf-a6': t`A6 labels (PDF)`,
    'pdf-100x150': t`100×150 labels (PDF)`,
    'zpl-203': t`Zebra 203 dpi (ZPL)`,
    'zpl-300': t`Zebra 300 dpi (ZPL)`,
  };
}
