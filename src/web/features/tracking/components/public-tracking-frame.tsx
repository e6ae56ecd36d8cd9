import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Logo } from '#web/components/layout/logo.tsx';

/**
 * The public tracking pages' frame: the portal's name, the language choice, the page, and the way
 * in for clients. The language choice is the app's switcher in the browser, links on the pages the
 * server renders (public-pages-ssr.tsx).
 */
export function PublicTrackingFrame({ languages, children }: { languages: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-base-200">
      <header className="navbar gap-2 bg-base-100 px-3 shadow-sm sm:px-6">
        <div className="flex flex-1 items-center gap-2 text-lg font-semibold">
          <Logo />
          <span>Parcel Portal</span>
        </div>
        {languages}
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 p-4 sm:p-6">{children}</main>
      <footer className="p-4 text-center text-sm text-base-content/70">
        <a className="link" href="/user/login">
          <Trans>Business clients: sign in</Trans>
        </a>
      </footer>
    </div>
  );
}
