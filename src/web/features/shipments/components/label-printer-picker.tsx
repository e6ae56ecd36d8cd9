import { useLingui } from '@lingui/react/macro';
import type { LabelPrinter } from '#shared/domain/label-formats.ts';
import { useLabelPrinterNames } from '#web/components/ui/use-label-printer-names.ts';
import { LABEL_PRINTER_CHOICES, type LabelPrinterChoice } from '../label-printer.ts';

/**
 * The label printer of this device (label-printer.ts): which file a print makes. "Automatic"
 * follows the printer profiles and names the printer they give for what is selected (`following`).
 * Beside the labels button of the list; the created toast, the list's rows and the detail page
 * print on it too.
 */
export function LabelPrinterPicker({
  value,
  following,
  onChange,
  disabled = false,
}: {
  value: LabelPrinterChoice;
  following: LabelPrinter;
  onChange: (choice: LabelPrinterChoice) => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const names = useLabelPrinterNames();
  const followingName = names[following];
  return (
    <select
      className="select select-bordered select-sm w-auto max-w-64"
      value={value}
      disabled={disabled}
      aria-label={t`Label printer`}
      title={t`Label printer: which file the labels come as. Automatic prints on the printer set for the pickup address (in Settings), else the company's. Thermal printers take 100×150 mm labels; Zebra printers get a ZPL file to send to the printer.`}
      onChange={(event) => onChange(event.target.value as LabelPrinterChoice)}
    >
      {LABEL_PRINTER_CHOICES.map((choice) => (
        <option key={choice} value={choice}>
          {choice === 'profile' ? t`Automatic: ${followingName}` : names[choice]}
        </option>
      ))}
    </select>
  );
}
