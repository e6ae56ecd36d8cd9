import { useLingui } from '@lingui/react/macro';
import { LABEL_PRINTERS, type LabelPrinter } from '../label-printer.ts';

/**
 * The label printer of this device (label-printer.ts): which file a print makes. Beside the labels
 * button of the list; the created toast, the list's rows and the detail page print on it too.
 */
export function LabelPrinterPicker({ value, onChange, disabled = false }: { value: LabelPrinter; onChange: (printer: LabelPrinter) => void; disabled?: boolean }) {
  const { t } = useLingui();
  const names: Record<LabelPrinter, string> = {
    office: t`Office printer (A4)`,
    'pdf-a6': t`A6 labels (PDF)`,
    'pdf-100x150': t`100×150 labels (PDF)`,
    'zpl-203': t`Zebra 203 dpi (ZPL)`,
    'zpl-300': t`Zebra 300 dpi (ZPL)`,
  };
  return (
    <select
      className="select select-bordered select-sm w-auto max-w-56"
      value={value}
      disabled={disabled}
      aria-label={t`Label printer`}
      title={t`Label printer: which file the labels come as. Thermal printers take 100×150 mm labels; Zebra printers get a ZPL file to send to the printer.`}
      onChange={(event) => onChange(event.target.value as LabelPrinter)}
    >
      {LABEL_PRINTERS.map((printer) => (
        <option key={printer} value={printer}>
          {names[printer]}
        </option>
      ))}
    </select>
  );
}
