import { createFileRoute } from '@tanstack/react-router';
import { ManualPage } from '#web/features/manual/components/manual-page.tsx';

/** /user/manual: the user manual (every role). */
export const Route = createFileRoute('/_app/user/manual')({
  component: ManualPage,
});
