import { useLingui } from '@lingui/react/macro';
import { Link, useRouterState } from '@tanstack/react-router';
import { useRef, useState, type ReactNode } from 'react';
import type { ClientInfo } from '#shared/contract/auth.ts';
import { Avatar } from '../ui/avatar.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { Logo } from './logo.tsx';
import { OutboxIndicator } from './outbox-indicator.tsx';
import { isUnder, ShellLink } from './shell-link.tsx';
import { useFits } from './use-fits.ts';

interface NavItem {
  href: string;
  label: string;
}

/** The signed-in layout: header navigation of spec section 2, profile menu, content. */
export function AppShell({ client, onSignOut, children }: { client: ClientInfo; onSignOut: () => void; children: ReactNode }) {
  const { t } = useLingui();
  const isAdmin = client.role === 'ADMIN';
  // The profile button's name starts with the name it shows (WCAG 2.5.3, label in name).
  const userName = client.name;
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMobile = () => setMenuOpen(false);
  // The profile menu is a focus dropdown (daisyUI): it stays open while focus is inside it, also
  // after its link has navigated. Letting go of the focus closes it.
  const closeProfileMenu = () => (document.activeElement as HTMLElement | null)?.blur();
  const navArea = useRef<HTMLDivElement>(null);
  const navMeasure = useRef<HTMLUListElement>(null);
  const navFits = useFits(navArea, navMeasure);

  // An admin's work is the carrier's network (companies, partners, depot scans, the audit log);
  // a client's is its shipments and what follows them (manifests, tracking, reports).
  const items: NavItem[] = isAdmin
    ? [
        { href: '/company', label: t`Companies` },
        { href: '/partners', label: t`Partners` },
        { href: '/shipments', label: t`Shipments` },
        { href: '/shipment/scan', label: t`Scan` },
        { href: '/shipments/report', label: t`Reports` },
        { href: '/audit', label: t`Audit log` },
        { href: '/user/manual', label: t`User manual` },
      ]
    : [
        { href: '/shipments', label: t`Shipments` },
        { href: '/manifests', label: t`Manifests` },
        { href: '/shipment/tracking', label: t`Tracking` },
        { href: '/shipments/report', label: t`Reports` },
        { href: '/user/manual', label: t`User manual` },
      ];

  // The item whose path holds the current page most closely is the current one (/shipments/report
  // is Reports, not Shipments); a single shipment's pages (/shipment/PP…, /shipment/send, …) belong
  // to Shipments unless they are an item of their own (/shipment/tracking, /shipment/scan).
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const reach = (item: NavItem) => (isUnder(pathname, item.href) ? item.href.length : item.href === '/shipments' && pathname.startsWith('/shipment/') ? '/shipment/'.length : 0);
  const current = items.filter((item) => reach(item) > 0).sort((a, b) => reach(b) - reach(a))[0]?.href;
  const links = (onNavigate?: () => void) =>
    items.map((item) => (
      <li key={item.href}>
        <ShellLink href={item.href} onNavigate={onNavigate} active={item.href === current}>
          {item.label}
        </ShellLink>
      </li>
    ));

  return (
    <div className="flex min-h-dvh flex-col bg-base-200">
      <a href="#content" className="btn btn-sm btn-primary sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50">
        {t`Skip to content`}
      </a>
      <header className="navbar sticky top-0 z-40 flex-nowrap gap-2 bg-base-100 px-2 shadow-sm sm:px-4">
        {!navFits && (
          <nav aria-label={t`Main navigation`} className="shrink-0">
            <details open={menuOpen} onToggle={(e) => setMenuOpen(e.currentTarget.open)} className="dropdown">
              <summary className="btn btn-ghost btn-square" aria-label={t`Open menu`}>
                <svg xmlns="http://www.w3.org/2000/svg" className="h-5 w-5" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
                  <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M4 6h16M4 12h16M4 18h16" />
                </svg>
              </summary>
              <ul className="menu dropdown-content z-50 mt-3 w-64 rounded-box bg-base-100 p-2 shadow">{links(closeMobile)}</ul>
            </details>
          </nav>
        )}
        <Link to="/" className="btn btn-ghost shrink-0 gap-2 px-2 text-lg font-semibold" aria-label={t`Parcel Portal home`}>
          <Logo />
          <span className="hidden whitespace-nowrap sm:inline">Parcel Portal</span>
        </Link>
        {/* The horizontal navigation is shown only where all of it fits, in the current language and
            beside the current user's name; otherwise the menu button above holds it. */}
        <div ref={navArea} className="relative flex min-w-0 flex-1 justify-center">
          {navFits && (
            <nav aria-label={t`Main navigation`}>
              <ul className="menu menu-horizontal flex-nowrap gap-1 px-1">{links()}</ul>
            </nav>
          )}
          <div aria-hidden="true" className="pointer-events-none invisible absolute inset-0 overflow-hidden">
            <ul ref={navMeasure} className="menu menu-horizontal w-max flex-nowrap gap-1 px-1">
              {items.map((item) => (
                <li key={item.href}>
                  <span className="whitespace-nowrap">{item.label}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <OutboxIndicator clientId={client.id} />
          <LanguageSwitcher className="hidden sm:flex" />
          <div className="dropdown dropdown-end">
            <div tabIndex={0} role="button" className="btn btn-ghost gap-2" aria-label={t`${userName}: Profile menu`}>
              <Avatar name={client.name} />
              <span className="hidden max-w-40 truncate md:inline">{client.name}</span>
            </div>
            <ul tabIndex={0} className="menu dropdown-content z-50 mt-3 w-56 rounded-box bg-base-100 p-2 shadow">
              <li className="menu-title">{client.name}</li>
              <li>
                <ShellLink href="/user/settings" onNavigate={closeProfileMenu}>
                  {t`Settings`}
                </ShellLink>
              </li>
              <li className="sm:hidden">
                <LanguageSwitcher />
              </li>
              <li>
                <button type="button" onClick={onSignOut}>
                  {t`Log out`}
                </button>
              </li>
            </ul>
          </div>
        </div>
      </header>
      <main id="content" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 p-3 pb-[max(6rem,var(--toast-space-bottom,0px))] sm:p-6 sm:pb-[max(6rem,var(--toast-space-bottom,0px))]">{children}</main>
    </div>
  );
}
