import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Shipment } from '#shared/contract/shipments.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { KEPT_NOTICE_ID } from '#web/components/ui/list-states.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { useCan } from '#web/lib/session.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { useDeleteShipments } from '../api/delete-shipments.ts';
import { useDownloadLabel } from '../api/download-label.ts';
import { useLabelPrinting } from '../label-printer.ts';
import { useLabelDeliveryToast } from './use-label-delivery-toast.ts';

/**
 * What a user does with one shipment, on its detail: print its label (unless deleted), follow its
 * tracking events, and delete it while it is CREATED (roles that may delete; the server checks too).
 * Offline (the detail is the kept copy) the label and delete are disabled, their reason in the
 * title and in the kept copy's notice (aria-describedby).
 */
export function ShipmentDetailActions({ shipment, offline = false }: { shipment: Shipment; offline?: boolean }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const label = useDownloadLabel();
  const { formatForPrint } = useLabelPrinting();
  const delivered = useLabelDeliveryToast();
  const remove = useDeleteShipments();
  const canDelete = useCan('shipments.delete') && shipment.status === 'CREATED';
  const [asking, setAsking] = useState(false);
  const itemNumber = shipment.item_number;
  const offlineProps = offline ? { 'aria-describedby': KEPT_NOTICE_ID, title: t`Needs the connection.` } : {};

  function confirmDelete() {
    remove.mutate([itemNumber], {
      onSuccess: () => {
        setAsking(false);
        showToast(t`Shipment ${itemNumber} deleted.`);
        void navigate({ to: '/shipments' });
      },
      onError: (error) => {
        setAsking(false);
        showToast(errorText(error), 'error');
      },
    });
  }

  return (
    <div className="flex flex-wrap gap-2">
      {shipment.status !== 'DELETED' && (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={label.isPending || offline}
          aria-busy={label.isPending}
          {...offlineProps}
          onClick={async () => label.mutate({ itemNumber, format: await formatForPrint('one', [shipment.pickup_address_id]) }, { onSuccess: (delivery) => delivered(delivery), onError: (error) => showToast(errorText(error), 'error') })}
        >
          {label.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          <Trans>Download label</Trans>
        </button>
      )}
      {shipment.tracking_number && (
        <Link to="/shipment/tracking" search={{ tracking_number: shipment.tracking_number }} className="btn btn-outline btn-sm">
          <Trans>Tracking events</Trans>
        </Link>
      )}
      {canDelete && (
        <button type="button" className="btn btn-error btn-outline btn-sm" disabled={offline} {...offlineProps} onClick={() => setAsking(true)}>
          <Trans>Delete</Trans>
        </button>
      )}
      <ConfirmDialog
        open={asking}
        busy={remove.isPending}
        title={t`Delete shipment ${itemNumber}?`}
        confirmLabel={t`Delete`}
        onConfirm={confirmDelete}
        onCancel={() => setAsking(false)}
      >
        <p>
          <Trans>
            The shipment <span className="font-semibold">{itemNumber}</span> is marked as deleted and will not be sent. This cannot be undone.
          </Trans>
        </p>
      </ConfirmDialog>
    </div>
  );
}
