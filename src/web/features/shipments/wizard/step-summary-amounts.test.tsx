// The wizard's summary (issue 17, "Money"): COD and insurance in the destination country's
// currency, written by Intl in the user's language.
import { i18n } from '@lingui/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '#tests/setup/web/render.tsx';
import type { WizardDraftData } from '#web/offline/draft-data.ts';
import { pickupAddressesQueryOptions } from '../api/get-pickup-addresses.ts';
import { StepSummary } from './step-summary.tsx';

afterEach(() => {
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
  /** Whether the summary's card of that name shows `text` (as one element's text). */
  const shows = (name: string, text: string) => within(screen.getByRole('region', { name })).queryByText((content) => plain(content) === text) !== null;
  return { shows, unmount: view.unmount };
}

const draft = (country: string, services: WizardDraftData['services']): WizardDraftData => ({ country, product: 'PRM', delivery: 'courier', parcels: [{ weight: 1 }], services });

describe('StepSummary amounts', () => {
  it('writes euros to Slovakia and whole crowns to Czechia with their currency', () => {
    const sk = setup(draft('SK', { cod_amount: 49.9, insurance: 200 }));
    expect(sk.shows('Cash on delivery', '€49.90')).toBe(true);
    sk.unmount();
    const cz = setup(draft('CZ', { cod_amount: 1290, insurance: 5000 }));
    expect(cz.shows('Cash on delivery', 'CZK 1,290')).toBe(true);
    expect(cz.shows('Insurance', 'CZK 5,000')).toBe(true);
  });

  it("writes them in the user's language", () => {
    act(() => i18n.loadAndActivate({ locale: 'cz', messages: {} }));
    const { shows } = setup(draft('CZ', { cod_amount: 1290, insurance: null }));
    expect(shows('Cash on delivery', '1 290 Kč')).toBe(true);
    expect(shows('Insurance', 'None')).toBe(true);
  });

  it('writes forints without decimals', () => {
    expect(setup(draft('HU', { cod_amount: 12995 })).shows('Cash on delivery', 'HUF 12,995')).toBe(true);
  });
});
