import { Trans } from '@lingui/react/macro';
import { createFileRoute, useLocation } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { ShellLink } from '#web/components/layout/shell-link.tsx';
import { ShipmentWizard } from '#web/features/shipments/wizard/shipment-wizard.tsx';
import { initialWizardData } from '#web/features/shipments/wizard/wizard-values.ts';
import { ErrorPage } from '#web/components/layout/error-page.tsx';
import { can } from '#shared/domain/roles.ts';
import { useClient } from '#web/lib/session.ts';
import type { Draft } from '#web/offline/db.ts';
import type { WizardStep } from '#web/offline/draft-data.ts';
import { newDraft, useDraft } from '#web/features/shipments/offline/drafts.ts';

const searchSchema = z.object({
  draft: z.optional(z.catch(z.optional(z.string().check(z.maxLength(64))), undefined)),
  /** The step shown (1 to 6); anything else is dropped and the draft's own step shown. */
  step: z.optional(z.catch(z.optional(z.int().check(z.gte(1), z.lte(6))), undefined)),
});

/**
 * /shipment/new: the six-step wizard on a draft kept in this browser. Without `?draft=` the wizard
 * opens on a new draft held in memory; the first entry stores it and puts its id in the URL, so a
 * reload or a closed tab comes back to it, while opening the page and leaving it leaves no empty
 * draft behind. `?step=` names the step shown: each step change is a history entry, so the
 * browser's Back goes one step back (the draft is saved as the user types, README note 120).
 */
export const Route = createFileRoute('/_app/shipment/new')({
  validateSearch: searchSchema,
  component: NewShipmentPage,
});

declare module '@tanstack/history' {
  interface HistoryState {
    /** The draft a wizard step's history entry belongs to (also before the draft is stored and its id in the address). */
    wizardDraft?: string;
  }
}

function NewShipmentPage() {
  const client = useClient();
  const { draft: addressDraft, step } = Route.useSearch();
  // A step left before the draft was stored has no id in its address: its history entry names
  // the draft, so that Back to it shows the same draft, not a new one.
  const entryDraft = useLocation({ select: (location) => location.state.wizardDraft });
  const draftId = addressDraft ?? entryDraft;
  const navigate = Route.useNavigate();
  const live = useDraft(draftId, client?.id);
  // The draft as it was opened: the wizard owns it from then on (its own saves and submission
  // change the stored copy, which must not remount or close the form under the user's hands).
  const [opened, setOpened] = useState<Draft | null>(null);
  // A new shipment's draft, in memory until the wizard stores it and it is read back.
  const [fresh, setFresh] = useState<Draft | null>(null);

  // (A history entry's draft that was never stored: a new one under its id.)
  if (client && !fresh && (!draftId || (!addressDraft && live === null))) setFresh(newDraft(client.id, initialWizardData(client.products), draftId));
  if (fresh && live?.id === fresh.id) setFresh(null);
  if (live && live.id !== opened?.id) setOpened(live);
  // Back on such an entry once the draft is stored: its id goes into the address too.
  useEffect(() => {
    if (!addressDraft && entryDraft && live?.id === entryDraft) void navigate({ search: (prev) => ({ ...prev, draft: entryDraft }), replace: true, state: (prev) => prev });
  }, [addressDraft, entryDraft, live?.id, navigate]);

  if (!client) return null;
  // A role that may not create (REPORTER) gets the 403 page; the server refuses its submissions too.
  if (!can(client.role, 'shipments.create')) return <ErrorPage status={403} />;
  // The new draft stays on screen (same id, same wizard) while its id reaches the URL and the stored copy is read.
  const unsaved = fresh && (!draftId || fresh.id === draftId) ? fresh : null;
  const draft = unsaved ?? (opened?.id === draftId ? opened : null);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">
          <Trans>New shipment</Trans>
        </h1>
        <ShellLink href="/shipment/drafts" className="btn btn-ghost btn-sm">
          <Trans>All drafts</Trans>
        </ShellLink>
      </div>
      {Object.keys(client.products).length === 0 ? (
        <div role="alert" className="alert alert-info alert-soft">
          <Trans>Your contract has no products yet. Please contact the carrier to add destinations.</Trans>
        </div>
      ) : live === null && addressDraft && !unsaved ? (
        <div role="alert" className="alert alert-warning alert-soft flex flex-wrap justify-between">
          <Trans>This draft does not exist in this browser (it may have been discarded).</Trans>
          <ShellLink href="/shipment/new" className="btn btn-sm">
            <Trans>Start a new shipment</Trans>
          </ShellLink>
        </div>
      ) : !draft ? (
        <div className="skeleton h-96 w-full" aria-label="…" />
      ) : draft.status === 'submitted' ? (
        <div role="status" className="alert alert-info alert-soft flex flex-wrap justify-between">
          <Trans>This shipment has already been submitted. You can follow it in the list or make a copy from the drafts.</Trans>
          <ShellLink href="/shipment/drafts" className="btn btn-sm">
            <Trans>All drafts</Trans>
          </ShellLink>
        </div>
      ) : (
        <ShipmentWizard
          key={draft.id}
          draft={draft}
          client={client}
          onDone={() => void navigate({ to: '/' })}
          isNew={draft === unsaved}
          onCreated={(id) => void navigate({ search: (prev) => ({ ...prev, draft: id }), replace: true, state: (prev) => ({ ...prev, wizardDraft: id }) })}
          urlStep={step as WizardStep | undefined}
          onStep={(next, replace) => void navigate({ search: (prev) => ({ ...prev, step: next }), replace, state: (prev) => ({ ...prev, wizardDraft: draft.id }) })}
        />
      )}
    </div>
  );
}
