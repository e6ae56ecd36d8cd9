import { Trans } from '@lingui/react/macro';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { LanguageSwitcher } from '#web/components/layout/language-switcher.tsx';
import { Logo } from '#web/components/layout/logo.tsx';
import { LoginForm } from '#web/features/auth/components/login-form.tsx';
import { SESSION_ENDED_REASON } from '#web/lib/session.ts';
import { readToken } from '#web/lib/token-store.ts';

const searchSchema = z.object({
  redirect: z.optional(z.string()),
  /** Set when a session ended (app-main's onSessionEnded, the shell's guard): the page says so. */
  reason: z.optional(z.catch(z.optional(z.literal(SESSION_ENDED_REASON)), undefined)),
});

/** Only same-origin paths are followed after sign-in. */
function safeRedirect(target: string | undefined): string {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/user/login') ? target : '/';
}

export const Route = createFileRoute('/user/login')({
  validateSearch: searchSchema,
  beforeLoad: () => {
    if (readToken()) throw redirect({ to: '/' });
  },
  component: LoginPage,
});

function LoginPage() {
  const { redirect: target, reason } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-base-200 p-4">
      <main className="card w-full max-w-sm bg-base-100 shadow-xl">
        <div className="card-body">
          <div className="mb-2 flex items-center gap-3">
            <Logo size={40} />
            <div>
              <h1 className="card-title text-2xl">
                <Trans>Sign in</Trans>
              </h1>
              <p className="text-sm text-base-content/70">
                <Trans>Parcel Portal for business clients</Trans>
              </p>
            </div>
          </div>
          <LoginForm sessionEnded={reason === SESSION_ENDED_REASON} onSignedIn={() => navigate({ href: safeRedirect(target), replace: true })} />
        </div>
      </main>
      <LanguageSwitcher className="mt-6" />
    </div>
  );
}
