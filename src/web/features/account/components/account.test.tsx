import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../../../shared/contract/profile.ts';
import { dismissToast, useToast } from '../../../components/ui/toast-store.ts';
import { byLabel, buttonNamed, type } from '../../../../../tests/setup/web/dom-helpers.ts';
import { jsonResponse as json, stubFetchPerTest } from '../../../../../tests/setup/web/fetch-mock.ts';
import { render, renderInRouter } from '../../../../../tests/setup/web/render.tsx';
import { Avatar, initials } from '../../../components/ui/avatar.tsx';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import { ProfileForm } from './profile-form.tsx';

const profile: Profile = {
  name: 'Martina Kováčová',
  email: 'martina@zelena.sk',
  phone: '+421 900 111 222',
  company: {
    name: 'Zelená Záhrada s.r.o.',
    street: 'Hlavná 1',
    city: 'Žilina',
    zip: '010 01',
    country: 'SK',
    company_identification_number: '12345678',
    tax_identification_number: '2020123456',
    vat_identification_number: '',
  },
};

const fetchMock = stubFetchPerTest();
let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

const withQueries = (ui: React.ReactNode) => <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>;

function ToastText() {
  return <output data-testid="toast">{useToast()?.message ?? ''}</output>;
}

const errorAnswer = (fields: Record<string, string[]>, status = 400) => json({ error: 'validation_failed', message: 'The request is not valid.', errors: fields }, status);

describe('the profile form', () => {
  function setup() {
    const view = renderInRouter(
      withQueries(
        <>
          <ProfileForm profile={profile} onChangePassword={() => undefined} />
          <ToastText />
        </>,
      ),
    );
    cleanup = view.unmount;
    return view.container;
  }

  it("shows the company's details read-only and sends only name, email and phone", async () => {
    const container = setup();
    await vi.waitFor(() => expect(container.querySelector('form')).not.toBeNull());
    expect(container.textContent).toContain('Zelená Záhrada s.r.o.');
    expect([...container.querySelectorAll('input')].map((i) => i.value)).toEqual(['Martina Kováčová', 'martina@zelena.sk', '+421 900 111 222']);

    fetchMock().mockResolvedValueOnce(json({ ...profile, phone: '+421 900 333 444' }));
    // The session is renewed afterwards so that the header shows the new name.
    fetchMock().mockResolvedValueOnce(json({ error: 'invalid_grant', message: 'Your session has ended.' }, 400));
    type(byLabel(container, 'Phone'), '+421 900 333 444');
    await act(async () => container.querySelector('form')!.requestSubmit());
    await vi.waitFor(() => expect(fetchMock()).toHaveBeenCalled());
    const [url, init] = fetchMock().mock.calls[0]!;
    expect(String(url)).toBe('/api/v1/profile');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Martina Kováčová', email: 'martina@zelena.sk', phone: '+421 900 333 444' });
    await vi.waitFor(() => expect(container.querySelector('[data-testid="toast"]')?.textContent).toBe('Your profile was saved.'));
    expect(String(fetchMock().mock.calls[1]![0])).toBe('/oauth/token');
  });

  it("checks the email before sending and puts the server's field errors on the fields", async () => {
    const container = setup();
    await vi.waitFor(() => expect(container.querySelector('form')).not.toBeNull());
    type(byLabel(container, 'Email'), 'not-an-email');
    await act(async () => container.querySelector('form')!.requestSubmit());
    await vi.waitFor(() => expect(byLabel(container, 'Email').getAttribute('aria-invalid')).toBe('true'));
    expect(fetchMock()).not.toHaveBeenCalled();

    fetchMock().mockResolvedValueOnce(errorAnswer({ name: ['Name is too long'] }));
    type(byLabel(container, 'Email'), 'martina@zelena.sk');
    await act(async () => container.querySelector('form')!.requestSubmit());
    await vi.waitFor(() => expect(container.textContent).toContain('Name is too long'));
    expect(byLabel(container, 'Name').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('the change-password dialog', () => {
  function setup() {
    const onClose = vi.fn();
    const view = render(
      withQueries(
        <>
          <ChangePasswordDialog open onClose={onClose} />
          <ToastText />
        </>,
      ),
    );
    cleanup = view.unmount;
    const container = view.container;
    const fill = (old: string, next: string, again: string) => {
      type(byLabel(container, 'Current password'), old);
      type(byLabel(container, 'New password'), next);
      type(byLabel(container, 'Repeat the new password'), again);
    };
    const submit = () => act(async () => container.querySelector('form')!.requestSubmit());
    return { container, fill, submit, onClose };
  }

  it("says the passwords don't match before sending", async () => {
    const { container, fill, submit } = setup();
    fill('Initial-Secret-41', 'Tractor-Moon-Rice-Harbour', 'Tractor-Moon-Rice-Harbor');
    await submit();
    await vi.waitFor(() => expect(byLabel(container, 'Repeat the new password').getAttribute('aria-invalid')).toBe('true'));
    expect(fetchMock()).not.toHaveBeenCalled();
  });

  it('maps a wrong current password onto its field and keeps what was typed', async () => {
    const { container, fill, submit, onClose } = setup();
    fetchMock().mockResolvedValueOnce(errorAnswer({ oldSecret: ['The current password is not correct'] }));
    fill('wrong-one', 'Tractor-Moon-Rice-Harbour', 'Tractor-Moon-Rice-Harbour');
    await submit();
    await vi.waitFor(() => expect(container.textContent).toContain('The current password is not correct'));
    expect(byLabel(container, 'Current password').getAttribute('aria-invalid')).toBe('true');
    expect(byLabel(container, 'New password').value).toBe('Tractor-Moon-Rice-Harbour');
    expect(onClose).not.toHaveBeenCalled();
  });

  it("closes with the server's message once the password is changed", async () => {
    const { container, fill, submit, onClose } = setup();
    fetchMock().mockResolvedValueOnce(json({ message: 'Password changed. You were signed out everywhere else.' }));
    fill('Initial-Secret-41', 'Tractor-Moon-Rice-Harbour', 'Tractor-Moon-Rice-Harbour');
    await submit();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock().mock.calls[0]![1]?.body))).toMatchObject({ oldSecret: 'Initial-Secret-41', newSecret: 'Tractor-Moon-Rice-Harbour' });
    expect(container.querySelector('[data-testid="toast"]')?.textContent).toBe('Password changed. You were signed out everywhere else.');
    expect(buttonNamed(container, 'Cancel')).toBeDefined();
  });
});

describe('the avatar', () => {
  /** Images that load or fail when the test says so. */
  function stubImages() {
    const images: Array<{ src: string; onload: (() => void) | null; onerror: (() => void) | null }> = [];
    vi.stubGlobal(
      'Image',
      class {
        src = '';
        onload: (() => void) | null = null;
        onerror: (() => void) | null = null;
        constructor() {
          images.push(this);
        }
      },
    );
    return images;
  }

  it('shows the initials while idle, loading and after an error, and the image once loaded', () => {
    const images = stubImages();
    const idle = render(<Avatar name="Martina Kováčová" />);
    expect(idle.container.querySelector('[data-state]')?.getAttribute('data-state')).toBe('idle');
    expect(idle.container.querySelector('[data-initials]')?.getAttribute('data-initials')).toBe('MK');
    idle.unmount();

    const broken = render(<Avatar name="Martina Kováčová" src="/a.png" />);
    expect(broken.container.querySelector('[data-state]')?.getAttribute('data-state')).toBe('loading');
    expect(broken.container.querySelector('[data-initials]')?.getAttribute('data-initials')).toBe('MK');
    act(() => images[0]!.onerror?.());
    expect(broken.container.querySelector('[data-state]')?.getAttribute('data-state')).toBe('error');
    expect(broken.container.querySelector('img')).toBeNull();
    broken.unmount();

    const loaded = render(<Avatar name="Martina Kováčová" src="/b.png" />);
    act(() => images[1]!.onload?.());
    expect(loaded.container.querySelector('[data-state]')?.getAttribute('data-state')).toBe('loaded');
    expect(loaded.container.querySelector('img')?.getAttribute('src')).toBe('/b.png');
    loaded.unmount();
  });

  it('takes the first letters of the first and last name', () => {
    expect(initials('Martina Kováčová')).toBe('MK');
    expect(initials('  anna ')).toBe('A');
    expect(initials('Ján Peter Novák')).toBe('JN');
    expect(initials('')).toBe('?');
  });
});
