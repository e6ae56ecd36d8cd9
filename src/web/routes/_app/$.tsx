import { createFileRoute } from '@tanstack/react-router';
import { ErrorPage } from '#web/components/layout/error-page.tsx';

/**
 * Unmatched paths: the error page inside the shell. Living under `_app`, it shares the shell's
 * session guard, so visitors who are not signed in are sent to /user/login first.
 */
export const Route = createFileRoute('/_app/$')({
  component: () => <ErrorPage status={404} />,
});
