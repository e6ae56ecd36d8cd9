import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** A link to another site, opened in a new tab, saying so to screen readers. */
export function ExternalLink({ href, className = 'link', children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <a href={href} className={`inline-flex items-center gap-1 ${className}`} target="_blank" rel="noopener noreferrer">
      {children}
      <svg xmlns="http://www.w3.org/2000/svg" className="h-4 w-4 shrink-0" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
        <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
      </svg>
      <span className="sr-only">
        <Trans>(opens in a new tab)</Trans>
      </span>
    </a>
  );
}
