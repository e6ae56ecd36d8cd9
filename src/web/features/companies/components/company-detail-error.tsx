import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { statusOf } from '#web/components/layout/error-page.tsx';
import { ApiError } from '#web/lib/api-error.ts';

/** A company that cannot be shown: not found (404, or an id that is no uuid) with a way back, else "Error loading company.". */
export function CompanyDetailError({ error }: { error: unknown }) {
  const { t } = useLingui();
  const status = statusOf(error);
  const notFound = status === 404 || (status === 400 && error instanceof ApiError && 'id' in error.fields);
  const offline = error instanceof ApiError && error.isOffline;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-start gap-3 py-8">
      <h1 className="text-2xl font-semibold">{notFound ? t`Company not found.` : t`Error loading company.`}</h1>
      <p role="alert" className="text-base-content/80">
        {notFound
          ? t`This company does not exist or has been deleted.`
          : offline
            ? t`You are offline. The company loads when the connection is back.`
            : error instanceof Error
              ? error.message
              : String(error)}
      </p>
      <Link to="/company" className="btn btn-primary">
        <Trans>Back to companies</Trans>
      </Link>
    </section>
  );
}
