import { useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';

/** The error page of spec section 2: big status code, a translated message, a back button. */
export function ErrorPage({ status }: { status: number }) {
  const { t } = useLingui();
  const router = useRouter();
  const text: Record<number, string> = {
    404: t`The page you are looking for does not exist.`,
    401: t`You need to sign in to see this page.`,
    403: t`You do not have permission to see this page.`,
    500: t`Something went wrong on our side. Please try again later.`,
    418: t`I'm a teapot.`,
  };
  return (
    <section className="hero min-h-[60vh]" aria-labelledby="error-status">
      <div className="hero-content text-center">
        <div className="max-w-md">
          <h1 id="error-status" className="text-8xl font-bold text-primary">
            {status}
          </h1>
          {status === 418 && (
            <p className="text-7xl" role="img" aria-label={t`Teapot`}>
              🫖
            </p>
          )}
          <p className="py-6 text-lg">{text[status] ?? t`An unexpected error occurred.`}</p>
          <button type="button" className="btn btn-primary" onClick={() => router.history.back()}>
            {t`Go back`}
          </button>
        </div>
      </div>
    </section>
  );
}

export { statusOf } from './error-status.ts';
