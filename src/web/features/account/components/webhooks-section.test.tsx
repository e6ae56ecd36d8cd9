import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Webhook } from '#shared/contract/webhooks.ts';
import { jsonResponse as json, stubFetchPerTest } from '#tests/setup/web/fetch-mock.ts';
import { render } from '#tests/setup/web/render.tsx';
import { WebhooksSection } from './webhooks-section.tsx';

const fetchMock = stubFetchPerTest();
afterEach(() => vi.unstubAllGlobals());

const withQueries = (ui: React.ReactNode) => <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>;
const endpoint: Webhook = {
  id: '5b7c1f4e-2f7a-4c1e-9a55-8f3c1b2a9d10',
  company_id: 'c',
  url: 'https://erp.example.com/hooks',
  event_types: ['shipment.status_changed'],
  enabled: true,
  disabled_reason: null,
  created_at: '2026-11-29T04:00:00.000Z',
  pending: 0,
};
const SECRET = 'whsec_c2VjcmV0LXNob3duLW9uY2Utb25seS1vbmNlLW9ubHk=';

describe('the webhooks section', () => {
  it('shows the new secret once, until it is dismissed', async () => {
    const user = userEvent.setup();
    fetchMock().mockResolvedValueOnce(json([])).mockResolvedValueOnce(json({ ...endpoint, secret: SECRET }, 201)).mockResolvedValue(json([endpoint]));
    render(withQueries(<WebhooksSection />));
    expect(await screen.findByText('No endpoint yet.')).toBeTruthy();
    await user.type(screen.getByLabelText('Receiver address (https)'), endpoint.url);
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    // In the shared secret-once dialog: closing unstored asks first (issue 31).
    const dialog = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Signing secret').value).toBe(SECRET);
    const [, create] = fetchMock().mock.calls;
    expect(JSON.parse(String(create![1]!.body))).toEqual({ url: endpoint.url, event_types: ['shipment.status_changed'] });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
    await waitFor(() => expect(screen.getByText(endpoint.url)).toBeTruthy());
  });

  it('shows the server’s field error under the address', async () => {
    const user = userEvent.setup();
    fetchMock()
      .mockResolvedValueOnce(json([]))
      .mockResolvedValueOnce(json({ error: 'validation_failed', message: 'The request is not valid.', errors: { url: ['The address leads into a private network.'] } }, 400));
    render(withQueries(<WebhooksSection />));
    await user.type(await screen.findByLabelText('Receiver address (https)'), 'https://10.0.0.1/x');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText('The address leads into a private network.')).toBeTruthy();
    expect(screen.getByLabelText('Receiver address (https)').getAttribute('aria-invalid')).toBe('true');
  });
});
