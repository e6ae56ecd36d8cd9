import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState } from 'react';
import type { PartnerService } from '#shared/contract/admin-network.ts';
import type { CountryCode } from '#shared/domain/countries.ts';
import { DELIVERY_METHODS, type DeliveryMethod, type Product } from '#shared/domain/enums.ts';
import { adminMessages } from '#shared/i18n/admin-messages.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { ListError, useListTexts } from '#web/components/ui/list-states.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { ApiError } from '#web/lib/api-error.ts';
import { usePartnerServices, useUpdatePartnerServices } from '../api/partners.ts';
import { useFailureText } from './use-failure-text.ts';
import { useNetworkLabels } from './use-network-labels.ts';
import { useProductLabels } from '#web/components/ui/use-product-labels.ts';

/** The grid's product columns, in the order the carrier talks about them. */
export const GRID_PRODUCTS = ['PRM', 'TRC', 'UTR', 'RTN'] as const satisfies readonly Product[];

const cellKey = (country: string, product: Product, method: DeliveryMethod) => `${country}|${product}|${method}`;

/** The partner's services: the grid once they are loaded. */
export function ServicesGrid({ partnerId }: { partnerId: number }) {
  const { t } = useLingui();
  const services = usePartnerServices(partnerId);
  const { errorText } = useListTexts();
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby={`partner-services-${partnerId}`}>
      <div className="card-body gap-2 p-4">
        <h2 id={`partner-services-${partnerId}`} className="card-title text-base">
          <Trans context="delivery network">Services</Trans>
        </h2>
        <p className="text-sm text-base-content/70">
          <Trans>Tick what the partner delivers: each country by product and delivery method. Save sends the whole grid.</Trans>
        </p>
        {services.isPending && <span className="loading loading-spinner" aria-label={t`Loading`} />}
        {services.isError && <ListError text={errorText(services.error)} onRetry={() => void services.refetch()} />}
        {services.data && <ServicesGridForm key={services.dataUpdatedAt} partnerId={partnerId} initial={services.data.services} />}
      </div>
    </section>
  );
}

interface Conflict {
  message: string;
  lines: string[];
  services: PartnerService[];
}

function ServicesGridForm({ partnerId, initial }: { partnerId: number; initial: PartnerService[] }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const labels = useNetworkLabels();
  const productNames = useProductLabels().name;
  const update = useUpdatePartnerServices(partnerId);
  const failureText = useFailureText();
  const initialKeys = useMemo(() => new Set(initial.map((s) => cellKey(s.country, s.product, s.delivery_method))), [initial]);
  const [checked, setChecked] = useState<Set<string>>(initialKeys);
  const [rows, setRows] = useState<CountryCode[]>(() => [...new Set(initial.map((s) => s.country))]);
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);

  const sortedRows = useMemo(() => {
    const order = new Map(labels.countries.map((c, i) => [c.code, i]));
    return [...rows].sort((a, b) => (order.get(a) ?? 999) - (order.get(b) ?? 999));
  }, [rows, labels.countries]);
  const addable = labels.countries.filter((c) => !rows.includes(c.code));
  const dirty = checked.size !== initialKeys.size || [...checked].some((k) => !initialKeys.has(k));

  const toggle = (key: string) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const removeRow = (country: CountryCode) => {
    setRows((prev) => prev.filter((c) => c !== country));
    setChecked((prev) => new Set([...prev].filter((k) => !k.startsWith(`${country}|`))));
  };

  const grid = (): PartnerService[] =>
    sortedRows.flatMap((country) =>
      GRID_PRODUCTS.flatMap((product) =>
        DELIVERY_METHODS.filter((method) => checked.has(cellKey(country, product, method))).map((delivery_method) => ({ country, product, delivery_method })),
      ),
    );

  const save = async (services: PartnerService[], confirm: boolean) => {
    setFailure(null);
    try {
      await update.mutateAsync({ services, confirm });
      setConflict(null);
      showToast(i18n._(adminMessages.servicesSaved));
    } catch (error) {
      setConflict(null);
      if (error instanceof ApiError && !confirm && (error.status === 409 || error.code === 'conflict')) {
        setConflict({ message: error.body?.message ?? '', lines: error.fields.services ?? [], services });
        return;
      }
      if (error instanceof ApiError && error.isOffline) {
        setFailure(t`You are offline. Your changes are still in the grid: save them when you are back online.`);
        return;
      }
      setFailure(error instanceof ApiError && Object.keys(error.fields).length > 0 ? error.message : failureText(error));
    }
  };

  const busy = update.isPending;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save(grid(), false);
      }}
      className="flex flex-col gap-3"
    >
      {failure && (
        <div role="alert" className="alert alert-error alert-soft whitespace-pre-line">
          {failure}
        </div>
      )}
      {sortedRows.length === 0 ? (
        <p className="text-sm">
          <Trans>The partner has no services yet. Add a country to start.</Trans>
        </p>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300">
          <table className="table table-xs">
            <caption className="sr-only">
              <Trans>Services by country, product and delivery method</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col" rowSpan={2} className="bg-base-200 text-base-content sticky left-0 z-10">
                  <Trans>Country</Trans>
                </th>
                {GRID_PRODUCTS.map((product) => (
                  <th key={product} scope="colgroup" colSpan={DELIVERY_METHODS.length} className="border-base-300 border-l text-center">
                    {productNames[product]} <span className="font-mono text-xs">{product}</span>
                  </th>
                ))}
              </tr>
              <tr>
                {GRID_PRODUCTS.map((product) =>
                  DELIVERY_METHODS.map((method, index) => (
                    <th key={`${product}-${method}`} scope="col" title={labels.methods[method]} className={`text-center font-normal ${index === 0 ? 'border-base-300 border-l' : ''}`}>
                      <abbr title={labels.methods[method]} className="no-underline">
                        {labels.methodsShort[method]}
                      </abbr>
                    </th>
                  )),
                )}
              </tr>
            </thead>
            <tbody>
              {sortedRows.map((country) => (
                <tr key={country} className="hover:bg-base-200/50">
                  <th scope="row" className="bg-base-100 sticky left-0 z-10 whitespace-nowrap">
                    <span className="flex items-center gap-1">
                      <span className="font-mono">{country}</span>
                      <span className="hidden max-w-32 truncate font-normal md:inline" title={labels.country(country)}>
                        {labels.country(country)}
                      </span>
                      <button
                        type="button"
                        className="btn btn-ghost btn-xs btn-square"
                        onClick={() => removeRow(country)}
                        aria-label={t`Remove ${country} from the grid`}
                        title={t`Remove ${country} from the grid`}
                        disabled={busy}
                      >
                        <span aria-hidden="true">✕</span>
                      </button>
                    </span>
                  </th>
                  {GRID_PRODUCTS.map((product) =>
                    DELIVERY_METHODS.map((method, index) => {
                      const key = cellKey(country, product, method);
                      const method_ = labels.methodsInline[method];
                      return (
                        <td key={key} className={`text-center ${index === 0 ? 'border-base-300 border-l' : ''}`}>
                          <input
                            type="checkbox"
                            className="checkbox checkbox-sm"
                            aria-label={t`${country} ${product} ${method_}`}
                            checked={checked.has(key)}
                            onChange={() => toggle(key)}
                            disabled={busy}
                          />
                        </td>
                      );
                    }),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <fieldset className="fieldset w-full max-w-xs">
          <label className="fieldset-legend" htmlFor={`${id}-add`}>
            <Trans>Add country</Trans>
          </label>
          <select
            id={`${id}-add`}
            className="select select-sm w-full"
            value=""
            disabled={busy}
            onChange={(event) => {
              const code = labels.countries.find((c) => c.code === event.target.value)?.code;
              if (code) setRows((prev) => [...prev, code]);
            }}
          >
            <option value="">{t`Choose a country…`}</option>
            {addable.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name} ({c.code})
              </option>
            ))}
          </select>
        </fieldset>
        <div className="flex gap-2">
          <button
            type="button"
            className="btn btn-sm"
            disabled={busy || !dirty}
            onClick={() => {
              setChecked(initialKeys);
              setRows([...new Set(initial.map((s) => s.country))]);
              setFailure(null);
            }}
          >
            <Trans>Discard changes</Trans>
          </button>
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy || !dirty} aria-busy={busy}>
            {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            <Trans>Save services</Trans>
          </button>
        </div>
      </div>
      <ConfirmDialog
        open={conflict !== null}
        title={t`Pickup addresses prefer this partner`}
        confirmLabel={t`Remove the services and these preferences`}
        busy={busy}
        onConfirm={() => conflict && void save(conflict.services, true)}
        onCancel={() => setConflict(null)}
      >
        {conflict?.message && <p>{conflict.message}</p>}
        {conflict && conflict.lines.length > 0 && (
          <ul className="mt-2 max-h-60 list-disc overflow-y-auto ps-5 text-sm">
            {conflict.lines.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        )}
      </ConfirmDialog>
    </form>
  );
}
