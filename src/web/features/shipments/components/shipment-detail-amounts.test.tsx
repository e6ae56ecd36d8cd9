// The shipment detail's services (issue 17, "Money"): COD and insurance in the destination
// country's currency, as on the label, written by Intl in the user's language.
import { i18n } from '@lingui/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Shipment } from '#shared/contract/shipments.ts';
import { renderInRouter } from '#tests/setup/web/render.tsx';
import { shipmentQueryOptions } from '../api/get-shipment.ts';
import { ShipmentDetail } from './shipment-detail.tsx';
import { testShipment } from '#tests/setup/web/shipment-fixtures.ts';

const shipment = testShipment;

afterEach(() => {
  act(() => i18n.activate('en'));
});

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** The detail of `s` (already loaded), and the value shown beside a label of its lists. */
async function setup(s: Shipment) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(shipmentQueryOptions(s.item_number).queryKey, s);
  renderInRouter(
    <QueryClientProvider client={queryClient}>
      <ShipmentDetail itemNumber={s.item_number} isAdmin={false} />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { name: 'Services' });
  // The list's term (dt) found by its text; its value stands beside it.
  return (label: string) => plain(screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent);
}

describe('ShipmentDetail amounts', () => {
  it('shows COD and insurance to Slovakia in euros', async () => {
    const value = await setup(shipment({ cod_amount: 49.9, insurance: 200 }));
    expect(value('Cash on delivery')).toBe('€49.90');
    expect(value('Insurance')).toBe('€200.00');
  });

  it('shows amounts to Czechia in whole crowns, in the language of the user', async () => {
    act(() => i18n.loadAndActivate({ locale: 'cz', messages: {} }));
    const value = await setup(shipment({ receiver_country: 'CZ', cod_amount: 1290, insurance: 5000 }));
    expect(value('Cash on delivery')).toBe('1 290 Kč');
    expect(value('Insurance')).toBe('5 000 Kč');
  });

  it('shows amounts to Hungary in forints, in German', async () => {
    act(() => i18n.loadAndActivate({ locale: 'de', messages: {} }));
    const value = await setup(shipment({ receiver_country: 'HU', cod_amount: 12995 }));
    expect(value('Cash on delivery')).toBe('12.995 HUF');
  });
});
