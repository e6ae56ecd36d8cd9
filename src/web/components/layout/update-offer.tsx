import { Trans } from '@lingui/react/macro';

/** The offer to move to a new release (PwaUpdatePrompt decides when). */
export function UpdateOffer({ updatedElsewhere, onReload, onLater }: { updatedElsewhere: boolean; onReload: () => void; onLater: () => void }) {
  return (
    <div className="toast toast-start toast-bottom z-50" role="status">
      <div className="alert alert-info flex flex-wrap shadow-lg">
        <span className="max-w-sm whitespace-normal">
          {updatedElsewhere ? (
            <Trans>The portal was updated in another tab or window. Save what you are working on, then reload this page.</Trans>
          ) : (
            <Trans>A new version of the portal is available.</Trans>
          )}
        </span>
        <div className="flex gap-2">
          <button type="button" className="btn btn-sm btn-primary" onClick={onReload}>
            <Trans>Reload</Trans>
          </button>
          <button type="button" className="btn btn-sm btn-ghost" onClick={onLater}>
            <Trans>Later</Trans>
          </button>
        </div>
      </div>
    </div>
  );
}
