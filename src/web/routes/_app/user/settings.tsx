import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '#web/features/account/components/settings-page.tsx';
import { LabelPrintersSection } from '#web/features/shipments/components/label-printers-section.tsx';

/** /user/settings: the signed-in client's profile and password (every role), its pickup addresses' label printers. */
export const Route = createFileRoute('/_app/user/settings')({
  component: Settings,
});

function Settings() {
  return <SettingsPage labelPrinters={<LabelPrintersSection />} />;
}
