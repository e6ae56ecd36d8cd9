import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubFetchPerTest } from '#tests/setup/web/fetch-mock.ts';
import { render } from '#tests/setup/web/render.tsx';
import { dismissToast } from '#web/components/ui/toast-store.ts';
import { LoginForm } from './login-form.tsx';

const fetchMock = stubFetchPerTest();
afterEach(() => {
  act(() => dismissToast());
  localStorage.clear();
});

const NOTICE = 'Your session has ended. Please sign in again.';

function setup(sessionEnded?: boolean) {
  render(<LoginForm onSignedIn={() => {}} sessionEnded={sessionEnded} />);
  return userEvent.setup();
}

describe('the sign-in form', () => {
  it('says that the session has ended when the user was sent here for that', () => {
    setup(true);
    const notice = screen.getByRole('status');
    expect(notice.textContent).toBe(NOTICE);
    expect(notice.classList.contains('alert-info')).toBe(true);
  });

  it('says nothing of the kind on a first visit or after Log out', () => {
    setup();
    expect(screen.queryByText(NOTICE)).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('gives the top to the reason a sign-in failed', async () => {
    fetchMock().mockResolvedValue(jsonResponse({ error: 'invalid_client', message: 'Wrong client ID or secret.' }, 401));
    const user = setup(true);
    await user.type(screen.getByLabelText('Client ID'), 'demo');
    await user.type(screen.getByLabelText('Client secret'), 'wrong-secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong client ID or secret.');
    expect(screen.queryByText(NOTICE)).toBeNull();
  });
});
