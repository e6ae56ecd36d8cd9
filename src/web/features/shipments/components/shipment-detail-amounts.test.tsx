// The shipment detail's services (issue 17, "Money"): COD and insurance in the destination
// country's currency, as on the label, written by Intl in the user's language.
import { i18n } from '@lingui/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Shipment } from '../../../../shared/contract/shipments.ts';
import { renderInRouter } from '../../../lib/test-render.tsx';
import { shipmentQueryOptions } from '../api/get-shipment.ts';
import { ShipmentDetail } from './shipment-detail.tsx';

const shipment = (overrides: Partial<Shipment>): Shipment => ({
  item_number: 'PP0000000101',
  tracking_number: 'CP000000018SK',
  reference_number: null,
  status: 'CREATED',
  created_at: '2025-05-06T08:09:00.000Z',
  receiver_company_name: null,
  receiver_name: 'Ján Novák',
  receiver_address_line_1: 'Obchodná',
  receiver_address_number: '12',
  receiver_address_line_2: null,
  receiver_city: 'Bratislava',
  receiver_postal_code: '811 01',
  receiver_country: 'SK',
  receiver_region: null,
  receiver_phone: '+421905123456',
  receiver_email: 'jan.novak@example.com',
  receiver_vat_number: null,
  delivery_method: 'home_delivery',
  product: 'PRM',
  goods_type: 'GOODS',
  weight: 1.25,
  height: 20,
  width: 30,
  length: 10,
  quantity: null,
  hs_tariff_code: null,
  cod_amount: null,
  insurance: null,
  content: 'Garden seeds',
  info: null,
  partner_name: 'Slovak Parcel Service',
  label_sender_name: null,
  pickup_address_id: null,
  pickup_point_id: null,
  consignment_number: null,
  parcel_reference: null,
  fragile: false,
  unit_value: null,
  country_origin: null,
  ...overrides,
});

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
  act(() => i18n.activate('en'));
});

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** The detail of `s` (already loaded), and the value shown beside a label of its lists. */
async function setup(s: Shipment) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(shipmentQueryOptions(s.item_number).queryKey, s);
  const view = renderInRouter(
    <QueryClientProvider client={queryClient}>
      <ShipmentDetail itemNumber={s.item_number} isAdmin={false} />
    </QueryClientProvider>,
  );
  cleanup = view.unmount;
  await act(async () => {
    await vi.waitFor(() => expect(view.container.querySelector('dl')).not.toBeNull());
  });
  return (label: string) => {
    const term = [...view.container.querySelectorAll('dt')].find((dt) => dt.textContent === label);
    return plain(term?.nextElementSibling?.textContent);
  };
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
