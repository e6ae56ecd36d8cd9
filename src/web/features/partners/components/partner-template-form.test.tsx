import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Partner } from '../../../../shared/contract/tracking.ts';
import { dismissToast } from '../../../components/ui/toast-store.ts';
import { jsonResponse as json, stubFetchPerTest } from '../../../../../tests/setup/web/fetch-mock.ts';
import { render } from '../../../../../tests/setup/web/render.tsx';
import { PartnerTemplateForm } from './partner-template-form.tsx';

const partner: Partner = { id: 2, code: 'POST_AT', name: 'Österreichische Post', tracking_url_template: null };
const fetchMock = stubFetchPerTest();
let cleanup: (() => void) | undefined;

afterEach(() => {
  cleanup?.();
  act(() => dismissToast());
});

function setup() {
  const view = render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PartnerTemplateForm partner={partner} />
    </QueryClientProvider>,
  );
  cleanup = view.unmount;
  const input = view.container.querySelector('input')!;
  const form = view.container.querySelector('form')!;
  const type = (value: string) =>
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  const submit = () => act(async () => form.requestSubmit());
  return { container: view.container, input, type, submit };
}

describe('a partner tracking page form', () => {
  it('refuses an address without the placeholder before calling the server', async () => {
    const { container, type, submit } = setup();
    await type('https://track.example.com/parcel');
    await submit();
    await vi.waitFor(() => expect(container.textContent).toContain('partner.tracking_url_template.invalid'));
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
    const { container, type, submit } = setup();
    fetchMock().mockResolvedValueOnce(json({ error: 'validation_failed', message: 'Invalid', errors: { tracking_url_template: ['This value is too long'] } }, 400));
    await type('https://post.at/s/{tracking_number}');
    await submit();
    await vi.waitFor(() => expect(container.querySelector('[role="alert"]')?.textContent).toContain('This value is too long'));
  });
});
