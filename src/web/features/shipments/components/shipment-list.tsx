import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { lazy, useMemo, useState } from 'react';
import { shipmentMessages } from '#shared/i18n/shipment-messages.ts';
import { ShellLink } from '#web/components/layout/shell-link.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { ListEmpty, ListError, ListFooter, ListOfflineNotice, useKeptCopy, useListTexts } from '#web/components/ui/list-states.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { useFormat } from '#web/lib/format.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { useHeldWhile, useMenuOpenWithin } from '#web/lib/use-held-while.ts';
import { useMediaQuery } from '#web/lib/use-media-query.ts';
import { useDeleteShipments } from '../api/delete-shipments.ts';
import { useDownloadLabel } from '../api/download-label.ts';
import { useLabelDeliveryToast } from './use-label-delivery-toast.ts';
import { useShipments } from '../api/get-shipments.ts';
import { ShipmentBulkActions } from './shipment-bulk-actions.tsx';
import { useRecentlyCreated } from '../recent-shipments.ts';
import { ShipmentCards } from './shipment-cards.tsx';
import { ShipmentColumnChooser } from './shipment-column-chooser.tsx';
import { useShipmentColumns } from './shipment-columns.ts';
import { ShipmentListSkeleton } from './shipment-list-skeleton.tsx';
import { countFilters, filtersFromSearch, type ShipmentListSearch } from './shipment-list-search.ts';
import { ShipmentTable } from './shipment-table.tsx';
import { useLabelPrinting } from '../label-printer.ts';
import { useCan, useClient } from '#web/lib/session.ts';
import { ApiError } from '#web/lib/api-error.ts';
import { WhenIdle } from '#web/lib/when-idle.tsx';

/** Reads the outbox (IndexedDB through Dexie): loaded once the list has painted. */
const WaitingShipments = lazy(() => import('./waiting-shipments.tsx'));

const NONE: ReadonlySet<string> = new Set();
/** Item numbers named in the bulk confirmation; more are summed up. */
const LISTED_IN_CONFIRMATION = 10;

interface PendingDelete {
  items: string[];
  bulk: boolean;
}

/**
 * The shipment list: toolbar (bulk labels and manifest, bulk delete, refresh), the rows as a table
 * or cards, "More" paging, row selection, a row's label and the delete confirmations with the
 * toasts of spec section 8.
 */
export function ShipmentList({
  search,
  isAdmin,
  onResetFilters,
  onOrderChange,
}: {
  search: ShipmentListSearch;
  isAdmin: boolean;
  onResetFilters: () => void;
  onOrderChange: (order: ShipmentListSearch['order']) => void;
}) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const filters = useMemo(() => filtersFromSearch(search, isAdmin), [search, isAdmin]);
  const filtersKey = JSON.stringify(filters);
  const hasFilters = countFilters(search, isAdmin) > 0;
  const query = useShipments(filters);
  const remove = useDeleteShipments();
  // What the role may do (the server refuses the rest alike).
  const canDelete = useCan('shipments.delete');
  const canCreate = useCan('shipments.create');
  const canManifest = useCan('manifests.create');
  const label = useDownloadLabel();
  const { formatForPrint } = useLabelPrinting();
  const delivered = useLabelDeliveryToast();
  const actionErrorText = useErrorText();
  const columns = useShipmentColumns(isAdmin);
  // The table from 1024 px up, the cards below (as their CSS says): only the one shown is rendered,
  // not both with one hidden (twice the work on every render of the rows, on a phone too).
  const wide = useMediaQuery('(min-width: 1024px)');
  const recentlyCreated = useRecentlyCreated();
  const { kept, loadedAt } = useKeptCopy(query);

  // The selection belongs to one set of filters: new filters start with none selected.
  const [selection, setSelection] = useState<{ key: string; items: ReadonlySet<string> }>({ key: filtersKey, items: NONE });
  const selected = selection.key === filtersKey ? selection.items : NONE;
  const setSelected = (items: ReadonlySet<string>) => setSelection({ key: filtersKey, items });
  // What the delete dialog asks about stays while it closes, so its title does not change during the fade-out.
  const [pending, setPending] = useState<PendingDelete | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const askDelete = (request: PendingDelete) => {
    setPending(request);
    setDeleteOpen(true);
  };
  const closeDelete = () => setDeleteOpen(false);

  // A background refresh (a queued submission sent, a poll) waits while a row's menu is open, so
  // the row under the menu stays where the pointer aims.
  const [menuOpen, listRef] = useMenuOpenWithin();
  const data = useHeldWhile(menuOpen, query.data);
  const rows = useMemo(() => data?.pages.flatMap((p) => p.shipments) ?? [], [data]);
  const total = data?.pages.at(-1)?.count ?? 0;
  const loaded = rows.length;
  const loadedText = format.number(loaded);
  const totalText = format.number(total);
  const selectedRows = rows.filter((r) => selected.has(r.item_number));
  const selectedLoaded = selectedRows.map((r) => r.item_number);

  const { offlineText, errorText } = useListTexts();
  // A refresh that found no connection leaves the loaded rows as they were: shown as the list
  // kept offline, not as a failed load (the rows are still the last ones loaded).
  const noConnection = query.isError && query.error instanceof ApiError && query.error.isOffline;
  const clientId = useClient()?.id;
  // The client's submissions still in this browser's outbox, above the rows (the unfiltered list only).
  const waiting = clientId && !hasFilters && (
    <WhenIdle>
      <WaitingShipments clientId={clientId} />
    </WhenIdle>
  );

  function toggle(itemNumber: string, checked: boolean) {
    const next = new Set(selected);
    if (checked) next.add(itemNumber);
    else next.delete(itemNumber);
    setSelected(next);
  }

  function toggleAll(checked: boolean) {
    setSelected(checked ? new Set(rows.map((r) => r.item_number)) : NONE);
  }

  function refresh() {
    setSelected(NONE);
    void query.refetch();
  }

  function confirmDelete() {
    if (!pending || !deleteOpen) return;
    const { items, bulk } = pending;
    remove.mutate(items, {
      onSuccess: () => {
        const [only] = items;
        showToast(bulk || !only ? i18n._(shipmentMessages.shipmentsDeleted) : t`Shipment ${only} deleted.`);
        if (bulk) setSelected(NONE);
        else if (only && selected.has(only)) toggle(only, false);
        closeDelete();
      },
      onError: (error) => {
        // The server's message names the shipments that cannot be deleted (all or nothing).
        showToast(actionErrorText(error), 'error');
        closeDelete();
      },
    });
  }

  async function downloadLabel(itemNumber: string) {
    const row = rows.find((r) => r.item_number === itemNumber);
    const format = await formatForPrint('one', [row?.pickup_address_id ?? null]);
    // A failed label is a destructive toast with the server's text (spec section 8).
    label.mutate({ itemNumber, format }, { onSuccess: (delivery) => delivered(delivery), onError: (error) => showToast(actionErrorText(error), 'error') });
  }

  const rowProps = {
    rows,
    isAdmin,
    selected,
    onToggle: toggle,
    onToggleAll: toggleAll,
    onDelete: canDelete ? (itemNumber: string) => askDelete({ items: [itemNumber], bulk: false }) : undefined,
    onDownloadLabel: downloadLabel,
    downloadingLabel: label.isPending ? (label.variables?.itemNumber ?? null) : null,
    highlighted: recentlyCreated,
  };

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <>
        {query.fetchStatus === 'paused' && <ListOfflineNotice text={offlineText} />}
        {waiting}
        <ShipmentListSkeleton columns={columns.shown.size + 3} />
      </>
    );
  } else if (query.isError && loaded === 0) {
    body = (
      <>
        {waiting}
        <ListError text={errorText(query.error)} onRetry={refresh} />
      </>
    );
  } else if (loaded === 0) {
    body = (
      <>
        {waiting}
        <ListEmpty iconPath="M3 7.5 12 3l9 4.5v9L12 21l-9-4.5zM3 7.5l9 4.5 9-4.5M12 12v9" title={<Trans>No results.</Trans>}>
          {hasFilters ? (
            <>
              <p className="text-base-content/70">
                <Trans>No shipment matches these filters.</Trans>
              </p>
              <button type="button" className="btn btn-outline mt-2" onClick={onResetFilters}>
                <Trans>Reset filters</Trans>
              </button>
            </>
          ) : (
            <>
              <p className="text-base-content/70">
                <Trans>Send a shipment or import a file of shipments, and it shows up here.</Trans>
              </p>
              <div className={`mt-2 flex flex-wrap justify-center gap-2 ${canCreate ? '' : 'hidden'}`}>
                <ShellLink href="/shipment/import" className="btn btn-outline">
                  <Trans>Import</Trans>
                </ShellLink>
                <ShellLink href="/shipment/send" className="btn btn-primary">
                  <Trans>Send</Trans>
                </ShellLink>
              </div>
            </>
          )}
        </ListEmpty>
      </>
    );
  } else {
    body = (
      <>
        {query.isError && !query.isFetchNextPageError && !noConnection && <ListError text={errorText(query.error)} className="mb-3" />}
        {kept && (
          <ListOfflineNotice text={t`You are offline. This is the list as it was at ${loadedAt}; it updates when the connection returns.`} />
        )}
        {waiting}
        {wide ? (
          <ShipmentTable {...rowProps} columns={columns.shown} oldestFirst={search.order === 'oldest'} onOrderChange={(oldest) => onOrderChange(oldest ? 'oldest' : undefined)} />
        ) : (
          <ShipmentCards {...rowProps} />
        )}
        <ListFooter
          loadedText={loadedText}
          totalText={totalText}
          nextPageError={query.isFetchNextPageError ? errorText(query.error) : null}
          hasNextPage={query.hasNextPage}
          fetchingNextPage={query.isFetchingNextPage}
          onMore={() => void query.fetchNextPage()}
        />
      </>
    );
  }

  const count = selectedLoaded.length;
  const pendingCount = pending?.items.length ?? 0;
  const pendingItem = pending?.items[0] ?? '';

  return (
    <section ref={listRef} aria-label={t`Shipment list`}>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <ShipmentBulkActions
          items={selectedLoaded}
          pickupAddressIds={selectedRows.map((r) => r.pickup_address_id)}
          canManifest={canManifest} canPrintWaiting={!isAdmin} onManifestCreated={() => setSelected(NONE)} />
        {canDelete && (
          <button
            type="button"
            className="btn btn-error btn-outline btn-sm"
            disabled={count === 0 || remove.isPending}
            onClick={() => askDelete({ items: selectedLoaded, bulk: true })}
          >
            <TrashIcon />
            {count > 0 ? t`Delete selected (${count})` : t`Delete selected`}
          </button>
        )}
        <button type="button" className="btn btn-ghost btn-sm" onClick={refresh} disabled={query.isFetching && !query.isFetchingNextPage}>
          <RefreshIcon spinning={query.isRefetching && !query.isFetchingNextPage} />
          <Trans>Refresh</Trans>
        </button>
        {count > 0 && (
          <span className="text-sm text-base-content/70" aria-live="polite">
            <Plural value={count} one="# selected" other="# selected" />
          </span>
        )}
        <div className="ml-auto">
          <ShipmentColumnChooser columns={columns} isAdmin={isAdmin} />
        </div>
      </div>

      {body}

      <ConfirmDialog
        open={deleteOpen}
        busy={remove.isPending}
        title={pending?.bulk ? <Plural value={pendingCount} one="Delete # shipment?" other="Delete # shipments?" /> : t`Delete shipment ${pendingItem}?`}
        confirmLabel={t`Delete`}
        onConfirm={confirmDelete}
        onCancel={closeDelete}
      >
        {pending?.bulk ? (
          <>
            <p>
              <Plural
                value={pendingCount}
                one="The selected shipment is marked as deleted and will not be sent. This cannot be undone."
                other="The # selected shipments are marked as deleted and will not be sent. This cannot be undone."
              />
            </p>
            <ul className="mt-3 flex flex-wrap gap-1">
              {pending.items.slice(0, LISTED_IN_CONFIRMATION).map((item) => (
                <li key={item} className="badge badge-ghost tabular-nums">
                  {item}
                </li>
              ))}
              {pendingCount > LISTED_IN_CONFIRMATION && (
                <li className="badge badge-ghost">
                  <Trans>and {pendingCount - LISTED_IN_CONFIRMATION} more</Trans>
                </li>
              )}
            </ul>
            <p className="mt-3 text-sm text-base-content/70">
              <Trans>Only shipments in status Created can be deleted; if any other is selected, none is deleted.</Trans>
            </p>
          </>
        ) : (
          <p>
            <Trans>
              The shipment <span className="font-semibold">{pendingItem}</span> is marked as deleted and will not be sent. This cannot be undone.
            </Trans>
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}

function TrashIcon() {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" className="h-4 w-4" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
      <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </svg>
  );
}

function RefreshIcon({ spinning }: { spinning: boolean }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" className={`h-4 w-4 ${spinning ? 'animate-spin' : ''}`} fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
      <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M4 4v5h5M20 20v-5h-5M5.6 15A7 7 0 0 0 18.4 16M18.4 9A7 7 0 0 0 5.6 8" />
    </svg>
  );
}
