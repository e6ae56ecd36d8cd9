import { useRouter, useRouterState } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';

/**
 * A client-side link by plain path. Header items point at screens that later issues register;
 * until a screen exists its path shows the error page, so these links cannot be type-checked
 * against the route tree the way <Link> is.
 */
export function ShellLink({
  href,
  children,
  className = '',
  onNavigate,
  active: activeOverride,
  title,
}: {
  href: string;
  children: ReactNode;
  className?: string;
  onNavigate?: () => void;
  /** Set by a menu whose items nest (/shipments and /shipments/report): only the closest one is current. */
  active?: boolean;
  title?: string;
}) {
  const router = useRouter();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const active = activeOverride ?? isUnder(pathname, href);

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate?.();
    void router.navigate({ href });
  }

  return (
    <a href={href} title={title} onClick={onClick} className={`${className} ${active ? 'menu-active' : ''}`} aria-current={active ? 'page' : undefined}>
      {children}
    </a>
  );
}

export function isUnder(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}
