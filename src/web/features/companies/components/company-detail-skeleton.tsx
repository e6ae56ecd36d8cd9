import { useLingui } from '@lingui/react/macro';

/** The detail page's shape while the company loads. */
export function CompanyDetailSkeleton() {
  const { t } = useLingui();
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">{t`Loading company`}</span>
      <div className="flex flex-col gap-4" aria-hidden="true">
        <div className="skeleton h-8 w-72 max-w-full" />
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="flex flex-col gap-4">
            <div className="skeleton h-32 w-full" />
            <div className="skeleton h-24 w-full" />
            <div className="skeleton h-48 w-full" />
          </div>
          <div className="skeleton h-64 w-full" />
        </div>
      </div>
    </div>
  );
}
