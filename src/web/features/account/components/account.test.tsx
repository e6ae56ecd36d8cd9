import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '#shared/contract/profile.ts';
import { dismissToast, useToast } from '#web/components/ui/toast-store.ts';
import { jsonResponse as json, stubFetchPerTest } from '#tests/setup/web/fetch-mock.ts';
import { render, renderInRouter } from '#tests/setup/web/render.tsx';
import { Avatar, initials } from '#web/components/ui/avatar.tsx';
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
    label_printer: null,
  },
};

const fetchMock = stubFetchPerTest();
afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

const withQueries = (ui: React.ReactNode) => <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>;

function ToastText() {
  return <output data-testid="toast">{useToast()?.message ?? ''}</output>;
}

/** The toast's text as the harness shows it. */
const toastText = () => screen.getByTestId('toast').textContent;
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
/** Replaces a field's text as a person types it. */
async function retype(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await user.clear(field(label));
  await user.type(field(label), text);
}

const errorAnswer = (fields: Record<string, string[]>, status = 400) => json({ error: 'validation_failed', message: 'The request is not valid.', errors: fields }, status);

describe('the profile form', () => {
  function setup() {
    renderInRouter(
      withQueries(
        <>
          <ProfileForm profile={profile} onChangePassword={() => undefined} />
          <ToastText />
        </>,
      ),
    );
    return userEvent.setup({ delay: null });
  }

  it("shows the company's details read-only and sends only name, email and phone", async () => {
    const user = setup();
    await screen.findByRole('button', { name: 'Save' });
    expect(screen.getByText('Zelená Záhrada s.r.o.')).toBeTruthy();
    // The only fields: the company's details are text.
    expect(screen.getAllByRole<HTMLInputElement>('textbox').map((i) => i.value)).toEqual(['Martina Kováčová', 'martina@zelena.sk', '+421 900 111 222']);

    fetchMock().mockResolvedValueOnce(json({ ...profile, phone: '+421 900 333 444' }));
    // The session is renewed afterwards so that the header shows the new name.
    fetchMock().mockResolvedValueOnce(json({ error: 'invalid_grant', message: 'Your session has ended.' }, 400));
    await retype(user, 'Phone', '+421 900 333 444');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(fetchMock()).toHaveBeenCalled());
    const [url, init] = fetchMock().mock.calls[0]!;
    expect(String(url)).toBe('/api/v1/profile');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Martina Kováčová', email: 'martina@zelena.sk', phone: '+421 900 333 444' });
    await vi.waitFor(() => expect(toastText()).toBe('Your profile was saved.'));
    expect(String(fetchMock().mock.calls[1]![0])).toBe('/oauth/token');
  });

  it("checks the email before sending and puts the server's field errors on the fields", async () => {
    const user = setup();
    const save = await screen.findByRole('button', { name: 'Save' });
    await retype(user, 'Email', 'not-an-email');
    await user.click(save);
    await vi.waitFor(() => expect(field('Email').getAttribute('aria-invalid')).toBe('true'));
    expect(fetchMock()).not.toHaveBeenCalled();

    fetchMock().mockResolvedValueOnce(errorAnswer({ name: ['Name is too long'] }));
    await retype(user, 'Email', 'martina@zelena.sk');
    await user.click(save);
    expect(await screen.findByText('Name is too long')).toBeTruthy();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('the change-password dialog', () => {
  function setup() {
    const onClose = vi.fn();
    render(
      withQueries(
        <>
          <ChangePasswordDialog open onClose={onClose} />
          <ToastText />
        </>,
      ),
    );
    const user = userEvent.setup({ delay: null });
    const fill = async (old: string, next: string, again: string) => {
      await user.type(field('Current password'), old);
      await user.type(field('New password'), next);
      await user.type(field('Repeat the new password'), again);
    };
    const submit = () => user.click(screen.getByRole('button', { name: 'Change password' }));
    return { fill, submit, onClose };
  }

  it("says the passwords don't match before sending", async () => {
    const { fill, submit } = setup();
    await fill('Initial-Secret-41', 'Tractor-Moon-Rice-Harbour', 'Tractor-Moon-Rice-Harbor');
    await submit();
    await vi.waitFor(() => expect(field('Repeat the new password').getAttribute('aria-invalid')).toBe('true'));
    expect(fetchMock()).not.toHaveBeenCalled();
  });

  it('maps a wrong current password onto its field and keeps what was typed', async () => {
    const { fill, submit, onClose } = setup();
    fetchMock().mockResolvedValueOnce(errorAnswer({ oldSecret: ['The current password is not correct'] }));
    await fill('wrong-one', 'Tractor-Moon-Rice-Harbour', 'Tractor-Moon-Rice-Harbour');
    await submit();
    expect(await screen.findByText('The current password is not correct')).toBeTruthy();
    expect(field('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(field('New password').value).toBe('Tractor-Moon-Rice-Harbour');
    expect(onClose).not.toHaveBeenCalled();
  });

  it("closes with the server's message once the password is changed", async () => {
    const { fill, submit, onClose } = setup();
    fetchMock().mockResolvedValueOnce(json({ message: 'Password changed. You were signed out everywhere else.' }));
    await fill('Initial-Secret-41', 'Tractor-Moon-Rice-Harbour', 'Tractor-Moon-Rice-Harbour');
    await submit();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock().mock.calls[0]![1]?.body))).toMatchObject({ oldSecret: 'Initial-Secret-41', newSecret: 'Tractor-Moon-Rice-Harbour' });
    expect(toastText()).toBe('Password changed. You were signed out everywhere else.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
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

  // The avatar is decorative (the name beside it names the button): its state and the initials,
  // drawn by CSS, are read from the element itself.
  const avatar = (view: ReturnType<typeof render>) => view.container.firstElementChild as HTMLElement;
  const initialsShown = (view: ReturnType<typeof render>) => avatar(view).firstElementChild?.firstElementChild?.getAttribute('data-initials');

  it('shows the initials while idle, loading and after an error, and the image once loaded', () => {
    const images = stubImages();
    const idle = render(<Avatar name="Martina Kováčová" />);
    expect(avatar(idle).dataset.state).toBe('idle');
    expect(initialsShown(idle)).toBe('MK');
    idle.unmount();

    const broken = render(<Avatar name="Martina Kováčová" src="/a.png" />);
    expect(avatar(broken).dataset.state).toBe('loading');
    expect(initialsShown(broken)).toBe('MK');
    act(() => images[0]!.onerror?.());
    expect(avatar(broken).dataset.state).toBe('error');
    expect(screen.queryByRole('presentation')).toBeNull();
    broken.unmount();

    const loaded = render(<Avatar name="Martina Kováčová" src="/b.png" />);
    act(() => images[1]!.onload?.());
    expect(avatar(loaded).dataset.state).toBe('loaded');
    expect(screen.getByRole('presentation').getAttribute('src')).toBe('/b.png');
    loaded.unmount();
  });

  it('takes the first letters of the first and last name', () => {
    expect(initials('Martina Kováčová')).toBe('MK');
    expect(initials('  anna ')).toBe('A');
    expect(initials('Ján Peter Novák')).toBe('JN');
    expect(initials('')).toBe('?');
  });

  it('never splits an emoji or a letter with its accent (issue 31: "M\\ud83d")', () => {
    expect(initials('Martin 🚚')).toBe('M🚚');
    expect(initials('👩‍💻 Eva')).toBe('👩‍💻E');
    // "Š" typed as S + combining caron stays one character.
    expect(initials('S\u030Cimon Novák')).toBe('S\u030CN');
  });
});
