// The back camera as a barcode scanner: the stream in a <video>, a few readings a second while it
// is on, each code reported once while it stays in view (seen-codes.ts). Errors are named so that
// the page can say what to do (allow the camera, plug one in, close the app using it).
import { useEffect, useRef, useState, type RefObject } from 'react';
import { loadBarcodeReader } from './barcode-reader.ts';
import { createSeenCodes } from './seen-codes.ts';

export type CameraProblem = 'unsupported' | 'denied' | 'no-camera' | 'in-use' | 'reader-failed' | 'failed';
export type CameraState = { status: 'starting' } | { status: 'scanning' } | { status: 'error'; problem: CameraProblem };

const READ_EVERY_MS = 200;

function problemOf(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'no-camera';
  if (name === 'NotReadableError' || name === 'AbortError') return 'in-use';
  return 'failed';
}

/** While mounted, streams the camera into `videoRef` and calls `onCode` with each new code's text. */
export function useCameraScanner(videoRef: RefObject<HTMLVideoElement | null>, onCode: (text: string) => void): CameraState {
  const [state, setState] = useState<CameraState>({ status: 'starting' });
  const latest = useRef(onCode);
  useEffect(() => {
    latest.current = onCode;
  });

  useEffect(() => {
    const video = videoRef.current;
    let cancelled = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const seen = createSeenCodes();

    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState({ status: 'error', problem: 'unsupported' });
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      } catch (error) {
        if (!cancelled) setState({ status: 'error', problem: problemOf(error) });
        return;
      }
      if (cancelled) return stopStream();
      let reader;
      try {
        reader = await loadBarcodeReader();
      } catch (error) {
        console.error('The barcode reader could not be loaded', error);
        if (!cancelled) setState({ status: 'error', problem: 'reader-failed' });
        return stopStream();
      }
      if (cancelled || !video) return stopStream();
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      setState({ status: 'scanning' });

      const tick = async () => {
        if (cancelled) return;
        if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
          try {
            const now = performance.now();
            for (const text of await reader.read(video)) if (seen.isNew(text, now)) latest.current(text);
          } catch {
            // A frame that could not be read: the next one will do.
          }
        }
        if (!cancelled) timer = setTimeout(() => void tick(), READ_EVERY_MS);
      };
      void tick();
    }

    function stopStream() {
      stream?.getTracks().forEach((track) => track.stop());
      stream = null;
    }

    void start();
    return () => {
      cancelled = true;
      clearTimeout(timer);
      stopStream();
      if (video) video.srcObject = null;
    };
  }, [videoRef]);

  return state;
}
