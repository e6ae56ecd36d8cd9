// The send form's amounts (issue 17, "Money"): cash on delivery and insurance show the
// destination country's currency beside the field, with its keyboard and rule, and follow the
// country as the clerk changes it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientInfo } from '#shared/contract/auth.ts';
import { jsonResponse } from '#tests/setup/web/fetch-mock.ts';
import { render } from '#tests/setup/web/render.tsx';
import { SendForm } from './send-form.tsx';

const client: ClientInfo = {
  id: 'demo-user',
  name: 'Zelená Záhrada',
  role: 'USER',
  products: { SK: ['PRM', 'TRC'], CZ: ['PRM', 'TRC'], HU: ['PRM', 'TRC'], AT: ['TRC'] },
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => (String(input).includes('/dimensions') ? jsonResponse({ width: 120, height: 60, length: 60 }) : jsonResponse({ pickup_widgets: {} }))),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SendForm client={client} onSent={() => {}} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
  return { field, chooseCountry: (code: string) => user.selectOptions(screen.getByLabelText('Country'), code) };
}

/** What a screen reader reads after the field's name: its aria-describedby texts. */
function description(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

describe('SendForm amounts', () => {
  it('shows euros beside COD and insurance for Slovakia, in cents', () => {
    const { field } = setup();
    const cod = field('Cash on delivery (optional)');
    const insurance = field('Insurance (optional)');
    for (const input of [cod, insurance]) {
      expect(input.parentElement?.textContent).toBe('EUR');
      expect(description(input)).toBe('EUR');
      expect(input.type).toBe('text');
      expect(input.inputMode).toBe('decimal');
    }
  });

  it('changes the currency, its keyboard and its rule with the destination country', async () => {
    const { field, chooseCountry } = setup();
    await chooseCountry('CZ');
    let cod = field('Cash on delivery (optional)');
    expect(cod.parentElement?.textContent).toBe('CZK');
    expect(cod.inputMode).toBe('numeric');
    expect(description(cod)).toBe('CZK Amounts in CZK are whole crowns, without hellers.');
    expect(description(field('Insurance (optional)'))).toBe('CZK Amounts in CZK are whole crowns, without hellers.');

    await chooseCountry('HU');
    cod = field('Cash on delivery (optional)');
    expect(cod.parentElement?.textContent).toBe('HUF');
    expect(cod.inputMode).toBe('numeric');
    expect(description(cod)).toBe('HUF Amounts in HUF are multiples of 5 forints.');

    await chooseCountry('SK');
    expect(field('Cash on delivery (optional)').parentElement?.textContent).toBe('EUR');
  });

  it('keeps the currency beside COD where insurance is not offered (tracked letter to Austria)', async () => {
    const { field, chooseCountry } = setup();
    await chooseCountry('AT');
    expect(field('Cash on delivery (optional)').parentElement?.textContent).toBe('EUR');
    expect(screen.queryByLabelText('Insurance (optional)')).toBeNull();
  });
});
