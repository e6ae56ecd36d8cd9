import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { CompanyListItem } from '#shared/contract/admin-companies.ts';
import { useCompanyLabels } from './use-company-labels.ts';

/** One card per company: name (a link to its page), city, country, IČO and client count. */
export function CompanyCards({ companies }: { companies: CompanyListItem[] }) {
  const labels = useCompanyLabels();
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
      {companies.map((c) => (
        <li key={c.id} className="card bg-base-100 shadow-sm transition-shadow hover:shadow-md">
          <div className="card-body gap-2 p-4">
            <h2 className="card-title text-base break-words">
              <Link to="/company/$id" params={{ id: c.id }} className="link link-hover">
                {c.name}
              </Link>
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-base-content/70">
                <Trans>City</Trans>
              </dt>
              <dd className="break-words">{c.city}</dd>
              <dt className="text-base-content/70">
                <Trans>Country</Trans>
              </dt>
              <dd>{labels.country(c.country)}</dd>
              <dt className="text-base-content/70">
                <Trans>Company ID (IČO)</Trans>
              </dt>
              <dd className="font-mono">{c.companyIdentificationNumber}</dd>
              <dt className="text-base-content/70">
                <Trans>Clients</Trans>
              </dt>
              <dd>{c.clientCount}</dd>
            </dl>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The cards' shape while the list loads. */
export function CompanyCardsSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">{label}</span>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="card bg-base-100 shadow-sm">
            <div className="card-body gap-2 p-4">
              <div className="skeleton h-5 w-48" />
              <div className="skeleton h-4 w-40" />
              <div className="skeleton h-4 w-32" />
              <div className="skeleton h-4 w-24" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
