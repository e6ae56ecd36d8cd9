import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import type { PartnerAssignment as Assignment } from '#shared/contract/admin-pickup-addresses.ts';
import { DELIVERY_METHODS, type DeliveryMethod, type Product } from '#shared/domain/enums.ts';
import { showToast } from '#web/components/ui/toast-store.ts';
import { useFreshCompany } from '../api/get-company.ts';
import { useAssignPartner, usePartnerCandidates, useUnassignPartner } from '../api/partners.ts';
import { PartnerPrioritiesDialog } from './partner-priorities-dialog.tsx';
import { useCompanyLabels } from './use-company-labels.ts';
import { useFailureText } from './use-failure-text.ts';
import { useProductLabels } from '#web/components/ui/use-product-labels.ts';

const ASSIGNABLE_PRODUCTS = ['PRM', 'UTR', 'TRC', 'RTN'] as const satisfies readonly Product[];

/**
 * /company/{id}/partners: the preferred partners of one pickup address. Country, product and
 * method start empty; candidates are asked for only when all three are chosen. The delivery method
 * goes with a new assignment only when "delivery method priority" is checked (spec section 4); the
 * heading says which (all delivery methods until then) and the table shows "All methods" for those.
 */
export function PartnerAssignment({ companyId, addressId }: { companyId: string; addressId: string | null }) {
  const { t } = useLingui();
  const company = useFreshCompany(companyId);
  const [prioritiesOpen, setPrioritiesOpen] = useState(false);

  const back = (
    <Link to="/company/$id" params={{ id: companyId }} className="btn btn-sm w-fit">
      ← <Trans>Back to Company</Trans>
    </Link>
  );

  const header = (
    <header className="flex flex-col gap-2">
      {back}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">
          <Trans>Partner management</Trans>
        </h1>
        <button type="button" className="btn btn-sm" onClick={() => setPrioritiesOpen(true)}>
          <Trans>Partner priorities</Trans>
        </button>
      </div>
    </header>
  );

  let body: ReactNode;
  if (company.isPending) {
    body = (
      <div role="status" aria-busy="true" className="flex flex-col gap-3">
        <span className="sr-only">{t`Loading`}</span>
        <div className="skeleton h-10 w-full max-w-md" aria-hidden="true" />
        <div className="skeleton h-40 w-full" aria-hidden="true" />
      </div>
    );
  } else if (company.isError) {
    body = (
      <div role="alert" className="alert alert-error alert-soft flex flex-wrap">
        <span>
          <Trans>Failed to load company data. Please try again.</Trans>
        </span>
        <button type="button" className="btn btn-sm" onClick={() => void company.refetch()}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  } else {
    const address = addressId ? company.data.pickupAddresses.find((a) => a.id === addressId) : undefined;
    body = address ? (
      <AssignmentPanels companyId={companyId} addressId={address.id} addressText={`${address.street}, ${address.zip} ${address.city}`} assignments={address.preferredPartners} />
    ) : (
      <div role="alert" className="alert alert-warning alert-soft">
        <span>
          <Trans>No address data found. Please return to the company page and try again.</Trans>
        </span>
      </div>
    );
  }

  return (
    <section className="flex flex-col gap-4">
      {header}
      {body}
      <PartnerPrioritiesDialog open={prioritiesOpen} onClose={() => setPrioritiesOpen(false)} />
    </section>
  );
}

function AssignmentPanels({ companyId, addressId, addressText, assignments }: { companyId: string; addressId: string; addressText: string; assignments: Assignment[] }) {
  const { t } = useLingui();
  const labels = useCompanyLabels();
  const failureText = useFailureText();
  const [country, setCountry] = useState('');
  const [product, setProduct] = useState<Product | ''>('');
  const [method, setMethod] = useState<DeliveryMethod | ''>('');
  const [methodPriority, setMethodPriority] = useState(false);
  const [busyRow, setBusyRow] = useState<string | null>(null);
  const [busyCandidate, setBusyCandidate] = useState<number | null>(null);
  const ids = { country: useId(), product: useId(), method: useId(), priority: useId() };

  const complete = country !== '' && product !== '' && method !== '';
  const candidates = usePartnerCandidates(complete ? { country, product, delivery_method: method, pickup_address_id: addressId } : null);
  const assign = useAssignPartner(companyId);
  const unassign = useUnassignPartner(companyId);
  const methodLabel = method ? labels.methods[method] : '';
  const countryLabel = country ? labels.country(country) : '';
  const productNames = useProductLabels().name;
  const productLabel = product ? `${productNames[product]} (${product})` : '';

  const remove = async (row: Assignment) => {
    setBusyRow(row.assignmentId);
    try {
      await unassign.mutateAsync({ addressId, country: row.country, product: row.product, deliveryMethod: row.deliverMethod });
      showToast(t`Partner association removed.`);
    } catch (error) {
      showToast(failureText(error), 'error');
    } finally {
      setBusyRow(null);
    }
  };

  const choose = async (partnerId: number) => {
    if (!complete) return;
    setBusyCandidate(partnerId);
    try {
      await assign.mutateAsync({ addressId, country, product, partnerId, deliveryMethod: methodPriority ? method : undefined });
      showToast(t`Partner association added.`);
    } catch (error) {
      showToast(failureText(error), 'error');
    } finally {
      setBusyCandidate(null);
    }
  };

  return (
    <>
      <p className="text-base">
        <span className="text-base-content/70">
          <Trans>Pickup address</Trans>:
        </span>{' '}
        <span className="font-semibold break-words">{addressText}</span>
      </p>
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body grid grid-cols-1 gap-x-4 p-4 sm:grid-cols-3">
          <fieldset className="fieldset">
            <label className="fieldset-legend" htmlFor={ids.country}>
              <Trans>Country</Trans>
            </label>
            <select id={ids.country} className="select w-full" value={country} onChange={(e) => setCountry(e.target.value)}>
              <option value="">{t`Choose a country`}</option>
              {labels.countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          </fieldset>
          <fieldset className="fieldset">
            <label className="fieldset-legend" htmlFor={ids.product}>
              <Trans>Product</Trans>
            </label>
            <select id={ids.product} className="select w-full" value={product} onChange={(e) => setProduct(e.target.value as Product | '')}>
              <option value="">{t`Choose a product`}</option>
              {ASSIGNABLE_PRODUCTS.map((p) => (
                <option key={p} value={p}>
                  {productNames[p]} ({p})
                </option>
              ))}
            </select>
          </fieldset>
          <fieldset className="fieldset">
            <label className="fieldset-legend" htmlFor={ids.method}>
              <Trans>Delivery method</Trans>
            </label>
            <select id={ids.method} className="select w-full" value={method} onChange={(e) => setMethod(e.target.value as DeliveryMethod | '')}>
              <option value="">{t`Choose a delivery method`}</option>
              {DELIVERY_METHODS.map((m) => (
                <option key={m} value={m}>
                  {labels.methods[m]}
                </option>
              ))}
            </select>
          </fieldset>
          <label className="label cursor-pointer gap-2 whitespace-normal text-base-content sm:col-span-3" htmlFor={ids.priority}>
            <input id={ids.priority} type="checkbox" className="checkbox checkbox-sm" checked={methodPriority} onChange={(e) => setMethodPriority(e.target.checked)} />
            <Trans>Delivery method priority</Trans>
          </label>
        </div>
      </div>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-labelledby="existing-partners-title" className="card min-w-0 bg-base-100 shadow-sm">
          <div className="card-body gap-2 p-4">
            <h2 id="existing-partners-title" className="card-title text-lg">
              <Trans>Existing partners</Trans>
            </h2>
            {assignments.length === 0 ? (
              <p className="text-sm text-base-content/70">
                <Trans>No main partner</Trans>
              </p>
            ) : (
              <div className="overflow-x-auto">
                <table className="table table-sm">
                  <thead>
                    <tr>
                      <th>
                        <Trans>Country</Trans>
                      </th>
                      <th>
                        <Trans>Product</Trans>
                      </th>
                      <th>
                        <Trans>Partner</Trans>
                      </th>
                      <th>
                        <Trans>Delivery method</Trans>
                      </th>
                      <th>
                        <Trans>Action</Trans>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {assignments.map((row) => (
                      <tr key={row.assignmentId}>
                        <td>{labels.country(row.country)}</td>
                        <td>
                          {productNames[row.product]} <span className="font-mono text-xs">{row.product}</span>
                        </td>
                        <td>{row.partnerName}</td>
                        <td>{row.deliverMethod ? labels.methods[row.deliverMethod] : t`All methods`}</td>
                        <td>
                          <button
                            type="button"
                            className="btn btn-error btn-outline btn-xs"
                            disabled={busyRow !== null}
                            onClick={() => void remove(row)}
                            aria-label={busyRow === row.assignmentId ? undefined : t`Remove ${row.partnerName} for ${labels.country(row.country)}, ${row.product}`}
                          >
                            {busyRow === row.assignmentId ? t`Updating...` : 'X'}
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        </section>
        {complete && (
          <section aria-labelledby="candidates-title" className="card bg-base-100 shadow-sm">
            <div className="card-body gap-2 p-4">
              <h2 id="candidates-title" className="card-title text-lg break-words">
                {methodPriority ? (
                  <Trans>
                    Assign a partner for {countryLabel}, {productLabel}, {methodLabel} only
                  </Trans>
                ) : (
                  <Trans>
                    Assign a partner for {countryLabel}, {productLabel}, all delivery methods
                  </Trans>
                )}
              </h2>
              <p className="text-sm text-base-content/70">
                {methodPriority ? (
                  <Trans>The partner is saved for {methodLabel} only; other delivery methods keep their partners.</Trans>
                ) : (
                  <Trans>The partner is saved for every delivery method. Tick “Delivery method priority” to save it for {methodLabel} only.</Trans>
                )}
              </p>
              {candidates.isPending && (
                <div role="status" aria-busy="true" className="flex flex-col gap-2">
                  <span className="sr-only">{t`Loading partners`}</span>
                  <div className="skeleton h-8 w-full" aria-hidden="true" />
                  <div className="skeleton h-8 w-full" aria-hidden="true" />
                </div>
              )}
              {candidates.isError && (
                <div role="alert" className="alert alert-error alert-soft flex flex-wrap">
                  <span>
                    <Trans>No partners found for the selected criteria.</Trans>
                  </span>
                  <button type="button" className="btn btn-sm" onClick={() => void candidates.refetch()}>
                    <Trans>Again</Trans>
                  </button>
                </div>
              )}
              {candidates.isSuccess && candidates.data.length === 0 && (
                <p className="text-sm text-base-content/70">
                  <Trans>No partners are available for the selected criteria.</Trans>
                </p>
              )}
              {candidates.isSuccess && candidates.data.length > 0 && (
                <ul className="flex flex-col divide-y divide-base-300">
                  {candidates.data.map((p) => (
                    <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                      <span className="font-medium break-words">{p.name}</span>
                      <button
                        type="button"
                        className="btn btn-primary btn-sm"
                        disabled={busyCandidate !== null}
                        onClick={() => void choose(p.id)}
                        aria-label={busyCandidate === p.id ? undefined : t`Choose partner ${p.name}`}
                      >
                        {busyCandidate === p.id ? t`Adding...` : t`Choose partner`}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </section>
        )}
      </div>
    </>
  );
}
