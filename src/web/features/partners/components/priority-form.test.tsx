// A partner's priority typed as text (issue 31, README note 96): "2,5" was read as 25 by the
// number input; now it is refused as not a whole number, and "7" is saved as 7.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminMessages } from '#shared/i18n/admin-messages.ts';
import { dismissToast } from '#web/components/ui/toast-store.ts';
import { jsonResponse as json, stubFetchPerTest } from '#tests/setup/web/fetch-mock.ts';
import { render } from '#tests/setup/web/render.tsx';
import { PriorityForm } from './priority-form.tsx';

const fetchMock = stubFetchPerTest();
afterEach(() => {
  act(() => dismissToast());
});

function setup() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PriorityForm partner={{ id: 3, name: 'Slovak Parcel Service', priority: 5 }} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  const input = screen.getByLabelText<HTMLInputElement>('Priority (1–10)');
  const type = async (value: string) => {
    await user.clear(input);
    await user.type(input, value);
    await user.click(screen.getByRole('button', { name: 'Save' }));
  };
  return { input, type };
}

describe('PriorityForm', () => {
  it('refuses 2,5 as not a whole number instead of saving 25', async () => {
    const { input, type } = setup();
    expect(input.type).toBe('text');
    expect(input.inputMode).toBe('numeric');
    await type('2,5');
    expect(await screen.findByText(adminMessages.priorityInvalid.id)).toBeTruthy();
    expect(fetchMock()).not.toHaveBeenCalled();
  });

  it('saves 7 as 7', async () => {
    const { type } = setup();
    fetchMock().mockResolvedValueOnce(json({ id: 3, name: 'Slovak Parcel Service', priority: 7 }));
    await type('7');
    await vi.waitFor(() => expect(fetchMock()).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock().mock.calls[0]![1]?.body))).toMatchObject({ priority: 7 });
  });
});
