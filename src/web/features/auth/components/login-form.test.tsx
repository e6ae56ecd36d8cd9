import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonNamed, byLabel, type } from '../../../../../tests/setup/web/dom-helpers.ts';
import { jsonResponse, stubFetchPerTest } from '../../../../../tests/setup/web/fetch-mock.ts';
import { render } from '../../../../../tests/setup/web/render.tsx';
import { dismissToast } from '../../../components/ui/toast-store.ts';
import { LoginForm } from './login-form.tsx';

const fetchMock = stubFetchPerTest();
let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
  act(() => dismissToast());
  localStorage.clear();
});

const NOTICE = 'Your session has ended. Please sign in again.';

function setup(sessionEnded?: boolean) {
  const view = render(<LoginForm onSignedIn={() => {}} sessionEnded={sessionEnded} />);
  cleanup = view.unmount;
  return view.container;
}

describe('the sign-in form', () => {
  it('says that the session has ended when the user was sent here for that', () => {
    const container = setup(true);
    const notice = container.querySelector('[role="status"]');
    expect(notice?.textContent).toBe(NOTICE);
    expect(notice?.classList.contains('alert-info')).toBe(true);
  });

  it('says nothing of the kind on a first visit or after Log out', () => {
    const container = setup();
    expect(container.textContent).not.toContain(NOTICE);
    expect(container.querySelector('.alert')).toBeNull();
  });

  it('gives the top to the reason a sign-in failed', async () => {
    fetchMock().mockResolvedValue(jsonResponse({ error: 'invalid_client', message: 'Wrong client ID or secret.' }, 401));
    const container = setup(true);
    type(byLabel(container, 'Client ID'), 'demo');
    type(byLabel(container, 'Client secret'), 'wrong-secret');
    await act(async () => buttonNamed(container, 'Sign in').click());
    await act(async () => {
      await vi.waitFor(() => expect(container.querySelector('[role="alert"]')?.textContent).toBe('Wrong client ID or secret.'));
    });
    expect(container.textContent).not.toContain(NOTICE);
  });
});
