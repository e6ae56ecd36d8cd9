import { Trans, useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import { useCameraScanner, type CameraProblem } from '../scanner/use-camera-scanner.ts';

/**
 * The camera view while scanning with it: the live picture, what it is doing, and a clear message
 * when it cannot work. `onCode` gets each code's text once while the label stays in view.
 */
export function CameraPanel({ onCode, lastAdded }: { onCode: (text: string) => void; lastAdded: string | null }) {
  const { t } = useLingui();
  const videoRef = useRef<HTMLVideoElement>(null);
  const state = useCameraScanner(videoRef, onCode);

  const problems: Record<CameraProblem, string> = {
    unsupported: t`This browser cannot use a camera here. Use the hand scanner or type the ids.`,
    denied: t`Camera access was refused. Allow the camera for this site in the browser settings, then open it again.`,
    'no-camera': t`No camera was found on this device. Use the hand scanner or type the ids.`,
    'in-use': t`The camera is busy in another app. Close that app, then open the camera again.`,
    'reader-failed': t`The barcode reader could not be loaded. Open the camera again once you are online.`,
    failed: t`The camera could not be started. Open it again, or use the hand scanner.`,
  };

  if (state.status === 'error') {
    return (
      <div role="alert" className="alert alert-error alert-soft">
        <span>{problems[state.problem]}</span>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <div className="relative overflow-hidden rounded-box bg-neutral">
        {/* Muted and inline: mobile browsers play it without a gesture and without going full screen. */}
        <video ref={videoRef} className="aspect-video max-h-72 w-full object-cover" muted playsInline aria-label={t`Camera picture`} />
        {state.status !== 'scanning' && (
          <span className="loading loading-spinner loading-lg absolute inset-0 m-auto text-neutral-content" aria-hidden="true" />
        )}
      </div>
      <p role="status" className="text-sm">
        {state.status === 'scanning' ? (
          lastAdded ? (
            <Trans>
              Added <span className="font-mono font-semibold">{lastAdded}</span>. Hold the next label in front of the camera.
            </Trans>
          ) : (
            <Trans>Hold a label's barcode or QR code in front of the camera.</Trans>
          )
        ) : (
          <Trans>Starting the camera…</Trans>
        )}
      </p>
    </div>
  );
}
