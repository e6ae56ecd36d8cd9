import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '#web/features/account/components/settings-page.tsx';

/** /user/settings: the signed-in client's profile and password (every role). */
export const Route = createFileRoute('/_app/user/settings')({
  component: SettingsPage,
});
