import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { LanguageSwitcher } from '#web/components/layout/language-switcher.tsx';
import { getTrackingLink } from '../api/get-tracking-link.ts';
import { PublicTrackingFrame } from './public-tracking-frame.tsx';
import { TrackLinkFailed } from './track-link-failed.tsx';
import { useDocumentTitle } from './use-document-title.ts';

/** Only web addresses are followed (never `javascript:` or the like); null for anything else. */
export function followableLink(link: string, base = window.location.href): string | null {
  try {
    const url = new URL(link, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

type Outcome = { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'leaving'; link: string };

const replaceLocation = (link: string) => window.location.replace(link);

/**
 * /shipment/track/{tracking_number} (spec sections 2, 4 and 8): a spinner while the tracking link
 * loads, then the browser goes to it (`location.replace`, so Back skips this page); on failure the
 * error text, 'Shipment not found' for a 404 or an answer without a link. Loading ends either way.
 */
export function TrackRedirect({ trackingNumber, go = replaceLocation }: { trackingNumber: string; go?: (link: string) => void }) {
  const { t } = useLingui();
  useDocumentTitle(t`Track a parcel`);
  const [outcome, setOutcome] = useState<{ for: string; value: Outcome } | null>(null);
  const current: Outcome = outcome?.for === trackingNumber ? outcome.value : { status: 'loading' };

  useEffect(() => {
    const controller = new AbortController();
    getTrackingLink(trackingNumber, controller.signal).then(
      (answer) => {
        const link = answer === null ? null : followableLink(answer);
        setOutcome({ for: trackingNumber, value: link ? { status: 'leaving', link } : { status: 'failed', error: null } });
        if (link) go(link);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setOutcome({ for: trackingNumber, value: { status: 'failed', error } });
      },
    );
    return () => controller.abort();
  }, [trackingNumber, go]);

  return (
    <PublicTrackingFrame languages={<LanguageSwitcher />}>
      <section className="flex flex-col items-center gap-4 py-12 text-center" aria-live="polite" aria-busy={current.status === 'loading'}>
        <h1 className="sr-only">
          <Trans>Track a parcel</Trans>
        </h1>
        {current.status === 'loading' && (
          <div role="status" className="flex flex-col items-center gap-3">
            <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
            <span className="text-base-content/70">
              <Trans>Looking up parcel {trackingNumber}…</Trans>
            </span>
          </div>
        )}
        {current.status === 'failed' && <TrackLinkFailed error={current.error} />}
        {current.status === 'leaving' && (
          <p className="text-base-content/70">
            <Trans>
              Opening the{' '}
              <a className="link" href={current.link}>
                tracking page
              </a>
              …
            </Trans>
          </p>
        )}
      </section>
    </PublicTrackingFrame>
  );
}
