import { createFileRoute } from '@tanstack/react-router';
import { ManifestList } from '#web/features/manifests/components/manifest-list.tsx';
import { ManifestLabelsButton } from '#web/features/shipments/components/manifest-labels-button.tsx';
import { useClient } from '#web/lib/session.ts';

/** /manifests: the hand-over manifests, newest first, each downloadable again, with its labels. */
export const Route = createFileRoute('/_app/manifests')({
  component: ManifestsPage,
});

function ManifestsPage() {
  const client = useClient();
  if (!client) return null;
  return <ManifestList isAdmin={client.role === 'ADMIN'} actions={(manifest, offline) => <ManifestLabelsButton manifest={manifest} offline={offline} />} />;
}
