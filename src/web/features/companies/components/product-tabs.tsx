import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import type { Company } from '#shared/contract/admin-companies.ts';
import type { Product } from '#shared/domain/enums.ts';
import { showToast } from '#web/components/ui/toast-store.ts';
import { useProductLabels } from '#web/components/ui/use-product-labels.ts';
import { useChangeProductCountry } from '../api/company-products.ts';
import { useCompanyLabels } from './use-company-labels.ts';
import { useFailureText } from './use-failure-text.ts';

const TAB_PRODUCTS = ['PRM', 'TRC', 'UTR', 'RTN'] as const satisfies readonly Product[];

/** TRC when the company has countries for it, else PRM (spec section 2). */
export function defaultProductTab(company: Company): Product {
  return (company.products.TRC?.length ?? 0) > 0 ? 'TRC' : 'PRM';
}

/**
 * The company's products per country: a tab per product (arrow keys move and activate, with
 * loop), its countries with remove buttons, and an add-country control (not for UTR: spec section 2).
 */
export function ProductTabs({ company }: { company: Company }) {
  const { t } = useLingui();
  const labels = useCompanyLabels();
  const products = useProductLabels();
  const failureText = useFailureText();
  const change = useChangeProductCountry(company.id);
  const [active, setActive] = useState<Product>(() => defaultProductTab(company));
  const [toAdd, setToAdd] = useState('');
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const baseId = useId();
  const selectId = useId();
  const countries = [...(company.products[active] ?? [])].sort((a, b) => labels.country(a).localeCompare(labels.country(b)));
  const available = labels.countries.filter((c) => !countries.includes(c.code));
  // The product by its name, with the code the API, imports and partners use.
  const activeName = `${products.name[active]} (${active})`;

  const select = (product: Product) => {
    setActive(product);
    setToAdd('');
    tabRefs.current[product]?.focus();
  };
  const onKeyDown = (event: React.KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (event.key === 'Home') select(TAB_PRODUCTS[0]);
    else if (event.key === 'End') select(TAB_PRODUCTS[TAB_PRODUCTS.length - 1]!);
    else if (step !== 0) select(TAB_PRODUCTS[(index + step + TAB_PRODUCTS.length) % TAB_PRODUCTS.length]!);
    else return;
    event.preventDefault();
  };

  const run = async (country: string, remove: boolean) => {
    try {
      await change.mutateAsync({ product: active, country, remove });
      showToast(remove ? t`Country removed from ${activeName}.` : t`Country added to ${activeName}.`);
      if (!remove) setToAdd('');
    } catch (error) {
      showToast(failureText(error), 'error');
    }
  };

  return (
    <div>
      <div role="tablist" aria-label={t`Products`} className="tabs tabs-border">
        {TAB_PRODUCTS.map((product, index) => (
          <button
            key={product}
            ref={(el) => {
              tabRefs.current[product] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${product}`}
            aria-controls={`${baseId}-panel`}
            aria-selected={active === product}
            tabIndex={active === product ? 0 : -1}
            className={`tab ${active === product ? 'tab-active' : ''}`}
            onClick={() => select(product)}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            {products.name[product]}
            <span className="ms-1 font-mono text-xs">{product}</span>
            <span className="badge badge-ghost badge-sm ms-1">{company.products[product]?.length ?? 0}</span>
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${active}`} className="pt-3">
        <p className="mb-2 text-sm text-base-content/70">{products.hint[active]}</p>
        {countries.length === 0 ? (
          <p className="text-sm text-base-content/70">
            <Trans>No countries for {activeName} yet.</Trans>
          </p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label={t`Countries of ${activeName}`}>
            {countries.map((code) => (
              <li key={code} className="badge badge-outline h-auto gap-1 py-1">
                <span className="font-mono font-semibold">{code}</span>
                <span>{labels.country(code)}</span>
                <button
                  type="button"
                  className="btn btn-ghost btn-xs btn-circle"
                  aria-label={t`Remove ${labels.country(code)} from ${activeName}`}
                  title={t`Remove ${labels.country(code)} from ${activeName}`}
                  disabled={change.isPending}
                  onClick={() => void run(code, true)}
                >
                  ✕
                </button>
              </li>
            ))}
          </ul>
        )}
        {active !== 'UTR' && (
          <form
            className="mt-3 flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (toAdd) void run(toAdd, false);
            }}
          >
            <fieldset className="fieldset min-w-48 flex-1 py-0 sm:max-w-xs">
              <label className="fieldset-legend" htmlFor={selectId}>
                <Trans>Add a country to {activeName}</Trans>
              </label>
              <select id={selectId} className="select select-sm w-full" value={toAdd} onChange={(e) => setToAdd(e.target.value)}>
                <option value="">{t`Choose a country`}</option>
                {available.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.code} · {c.name}
                  </option>
                ))}
              </select>
            </fieldset>
            <button type="submit" className="btn btn-success btn-sm" disabled={!toAdd || change.isPending} aria-busy={change.isPending}>
              {change.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <span aria-hidden="true">+</span>}
              <Trans>Add country</Trans>
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
