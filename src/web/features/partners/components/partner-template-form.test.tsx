import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Partner } from '#shared/contract/tracking.ts';
import { dismissToast } from '#web/components/ui/toast-store.ts';
import { jsonResponse as json, stubFetchPerTest } from '#tests/setup/web/fetch-mock.ts';
import { render } from '#tests/setup/web/render.tsx';
import { PartnerTemplateForm } from './partner-template-form.tsx';

const partner: Partner = { id: 2, code: 'POST_AT', name: 'Österreichische Post', tracking_url_template: null };
const fetchMock = stubFetchPerTest();
afterEach(() => {
  act(() => dismissToast());
});

function setup() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PartnerTemplateForm partner={partner} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  const input = screen.getByLabelText('Public tracking page');
  /** Replaces the field's text as a person types it (braces typed as themselves). */
  const type = async (value: string) => {
    await user.clear(input);
    if (value) await user.type(input, value.replace(/[{[]/g, '$&$&'));
  };
  const submit = () => user.click(screen.getByRole('button', { name: 'Save' }));
  return { input, type, submit };
}

describe('a partner tracking page form', () => {
  it('refuses an address without the placeholder before calling the server', async () => {
    const { type, submit } = setup();
    await type('https://track.example.com/parcel');
    await submit();
    expect(await screen.findByText('partner.tracking_url_template.invalid')).toBeTruthy();
    expect(fetchMock()).not.toHaveBeenCalled();
  });

  it('saves an https template with PATCH and an empty field as null', async () => {
    const { type, submit } = setup();
    fetchMock().mockResolvedValueOnce(json({ ...partner, tracking_url_template: 'https://post.at/s/{tracking_number}' }));
    await type('https://post.at/s/{tracking_number}');
    await submit();
    await vi.waitFor(() => expect(fetchMock()).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock().mock.calls[0]!;
    expect(String(url)).toContain('/api/v1/admin/partners/2');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ tracking_url_template: 'https://post.at/s/{tracking_number}' });

    fetchMock().mockResolvedValueOnce(json(partner));
    await type('');
    await submit();
    await vi.waitFor(() => expect(fetchMock()).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(fetchMock().mock.calls[1]![1]?.body))).toEqual({ tracking_url_template: null });
  });

  it("shows the server's field error on the field", async () => {
    const { type, submit } = setup();
    fetchMock().mockResolvedValueOnce(json({ error: 'validation_failed', message: 'Invalid', errors: { tracking_url_template: ['This value is too long'] } }, 400));
    await type('https://post.at/s/{tracking_number}');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toContain('This value is too long');
  });
});
