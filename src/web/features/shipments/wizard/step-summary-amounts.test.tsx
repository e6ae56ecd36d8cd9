// The wizard's summary (issue 17, "Money"): COD and insurance in the destination country's
// currency, written by Intl in the user's language.
import { i18n } from '@lingui/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '../../../../../tests/setup/web/render.tsx';
import type { WizardDraftData } from '../../../offline/draft-data.ts';
import { pickupAddressesQueryOptions } from '../api/get-pickup-addresses.ts';
import { StepSummary } from './step-summary.tsx';

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
  act(() => i18n.activate('en'));
});

// Intl separates thousands with (narrow) no-break spaces; compare with plain spaces.
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

function setup(data: WizardDraftData) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(pickupAddressesQueryOptions().queryKey, []);
  function Harness() {
    const form = useForm<WizardDraftData>({ defaultValues: data });
    return (
      <QueryClientProvider client={queryClient}>
        <FormProvider {...form}>
          <StepSummary onEdit={() => {}} />
        </FormProvider>
      </QueryClientProvider>
    );
  }
  const view = render(<Harness />);
  cleanup = view.unmount;
  const card = (name: string) => plain(view.container.querySelector(`section[aria-label="${name}"] p`)?.textContent);
  return { card };
}

const draft = (country: string, services: WizardDraftData['services']): WizardDraftData => ({ country, product: 'PRM', delivery: 'courier', parcels: [{ weight: 1 }], services });

describe('StepSummary amounts', () => {
  it('writes euros to Slovakia and whole crowns to Czechia with their currency', () => {
    expect(setup(draft('SK', { cod_amount: 49.9, insurance: 200 })).card('Cash on delivery')).toBe('€49.90');
    cleanup?.();
    const cz = setup(draft('CZ', { cod_amount: 1290, insurance: 5000 }));
    expect(cz.card('Cash on delivery')).toBe('CZK 1,290');
    expect(cz.card('Insurance')).toBe('CZK 5,000');
  });

  it("writes them in the user's language", () => {
    act(() => i18n.loadAndActivate({ locale: 'cz', messages: {} }));
    const { card } = setup(draft('CZ', { cod_amount: 1290, insurance: null }));
    expect(card('Cash on delivery')).toBe('1 290 Kč');
    expect(card('Insurance')).toBe('None');
  });

  it('writes forints without decimals', () => {
    expect(setup(draft('HU', { cod_amount: 12995 })).card('Cash on delivery')).toBe('HUF 12,995');
  });
});
