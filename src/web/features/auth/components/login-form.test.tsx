import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('checks the fields when sent: marks each empty one, focuses the first and sends nothing', async () => {
    const user = setup();
    const id = screen.getByLabelText('Client ID');
    const secret = screen.getByLabelText('Client secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(id.getAttribute('aria-invalid')).toBe('true');
    expect(secret.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['validation.client_id.required', 'validation.client_secret.required']);
    expect(document.activeElement).toBe(id);

    await user.type(id, 'demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(id.getAttribute('aria-invalid')).toBeNull();
    expect(secret.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(secret);
    expect(fetchMock()).not.toHaveBeenCalled();
  });

  it('once sent, marks a field as what is typed in it fits or not', async () => {
    const user = setup();
    const id = screen.getByLabelText('Client ID');
    const secret = screen.getByLabelText('Client secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(id, 'd');
    expect(id.getAttribute('aria-invalid')).toBeNull();
    expect(secret.getAttribute('aria-invalid')).toBe('true');
    await user.clear(id);
    expect(id.getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the client ID trimmed, and puts the server field errors on their fields', async () => {
    fetchMock().mockResolvedValue(jsonResponse({ error: 'invalid_request', message: 'Check the fields.', errors: { client_secret: ['Too short'] } }, 400));
    const user = setup();
    await user.type(screen.getByLabelText('Client ID'), '  demo  ');
    await user.type(screen.getByLabelText('Client secret'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const secret = screen.getByLabelText('Client secret');
    await vi.waitFor(() => expect(secret.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(secret);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Check the fields.', 'Too short']);
    const [, init] = fetchMock().mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toMatchObject({ client_id: 'demo', client_secret: 'x' });
  });

  it('holds the button while the sign-in is under way', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock().mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const user = setup();
    await user.type(screen.getByLabelText('Client ID'), 'demo');
    await user.type(screen.getByLabelText('Client secret'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(true));
    answer(jsonResponse({ error: 'invalid_client', message: 'Wrong client ID or secret.' }, 401));
    await vi.waitFor(() => expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByRole('alert').textContent).toBe('Wrong client ID or secret.');
  });
});
