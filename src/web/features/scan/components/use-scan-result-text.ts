import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import type { ParcelStatusResult } from '#shared/contract/parcel-status.ts';
import type { ParcelStatusUpdate } from '#shared/domain/enums.ts';
import { allowedFrom } from '#shared/domain/parcel-status-rules.ts';
import { useStatusLabels } from '#web/components/ui/status-badge.tsx';

/** The server's answer for one id, in words: what happened and, when refused, why. */
export function useScanResultText(): (result: ParcelStatusResult, target: ParcelStatusUpdate) => string {
  const { t } = useLingui();
  const labels = useStatusLabels();
  return useCallback(
    (result, target) => {
      const targetLabel = labels[target];
      switch (result.result) {
        case 'updated':
          return t`updated to ${targetLabel}`;
        case 'unchanged':
          return t`already ${targetLabel} (unchanged)`;
        case 'not_found':
          return t`unknown id: no such parcel`;
        case 'not_allowed': {
          const current = result.status ? labels[result.status] : '?';
          const needed = allowedFrom(target)
            .map((status) => labels[status])
            .join(', ');
          return t`not allowed from its current status ${current} (${targetLabel} needs ${needed})`;
        }
      }
    },
    [t, labels],
  );
}
