import { Trans } from '@lingui/react/macro';
import { useRegisterSW } from 'virtual:pwa-register/react';

/** "Update available, reload": shown when a new service worker waits (workbox-window). */
export function PwaUpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError(error) {
      console.error('Service worker registration failed', error);
    },
  });
  if (!needRefresh) return null;
  return (
    <div className="toast toast-start toast-bottom z-50" role="status">
      <div className="alert alert-info shadow-lg">
        <span>
          <Trans>A new version of the portal is available.</Trans>
        </span>
        <button type="button" className="btn btn-sm btn-primary" onClick={() => void updateServiceWorker(true)}>
          <Trans>Reload</Trans>
        </button>
        <button type="button" className="btn btn-sm btn-ghost" onClick={() => setNeedRefresh(false)}>
          <Trans>Later</Trans>
        </button>
      </div>
    </div>
  );
}
