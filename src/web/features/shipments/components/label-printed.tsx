import { useLingui } from '@lingui/react/macro';
import type { Shipment } from '#shared/contract/shipments.ts';
import { useFormat } from '#web/lib/format.ts';

/**
 * Whether a shipment's label was printed (issue 33): "Printed" (with the count once reprinted, the
 * first print's time on hover) or "Not printed". A row kept on the device from before the field
 * existed shows nothing.
 */
export function LabelPrinted({ shipment, className = '' }: { shipment: Pick<Shipment, 'label_printed_at' | 'label_prints'>; className?: string }) {
  const { t } = useLingui();
  const format = useFormat();
  const { label_printed_at: printedAt, label_prints: prints } = shipment;
  if (prints === undefined) return null;
  if (!printedAt) return <span className={`badge badge-outline whitespace-nowrap ${className}`}>{t`Not printed`}</span>;
  const when = format.dateTime(printedAt);
  return (
    <span className={`badge badge-ghost whitespace-nowrap ${className}`} title={t`First printed ${when}`}>
      {prints > 1 ? t`Printed ${prints}×` : t`Printed`}
    </span>
  );
}
