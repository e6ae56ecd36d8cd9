import { Trans } from '@lingui/react/macro';
import { useCallback, useRef } from 'react';
import type { ScanRow } from '#web/offline/db.ts';
import { resolveRejectedScan } from '../offline/scan-queue.ts';
import { appendIdLine } from '../scanner/scan-text.ts';
import { ScanEntry } from './scan-entry.tsx';
import { ScanExportForm } from './scan-export-form.tsx';
import { ScanQueuePanel } from './scan-queue-panel.tsx';
import { useScanDraft } from './use-scan-draft.ts';

/**
 * The depot's scan page (admins): the scan field with Arrive and Sent, this device's scan queue
 * (which works offline) and the xlsx export. Side by side on wide screens, stacked on tablets
 * in portrait and phones.
 */
export function ScanPage({ clientId }: { clientId: string }) {
  const [text, setText] = useScanDraft(clientId);
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  // A refused press: its ids go back into the field, to be corrected or pressed again.
  const putBack = useCallback(
    (row: ScanRow) => {
      setText((previous) => row.parcelIds.reduce(appendIdLine, previous));
      void resolveRejectedScan(row.id);
      fieldRef.current?.focus();
    },
    [setText],
  );

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">
        <Trans>Depot scan</Trans>
      </h1>
      <div className="grid items-start gap-4 lg:grid-cols-2 [&>*]:min-w-0">
        <ScanEntry clientId={clientId} text={text} setText={setText} fieldRef={fieldRef} />
        <ScanQueuePanel clientId={clientId} onPutBack={putBack} />
      </div>
      <ScanExportForm />
    </div>
  );
}
