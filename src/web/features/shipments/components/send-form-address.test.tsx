// The send form's receiver address (issue 17, "The send form"): a chosen parcel point's address
// fills the address fields read-only (still sent) with Change to choose another point; a new
// destination country clears the address without marking the emptied fields as errors until a
// submit.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientInfo } from '#shared/contract/auth.ts';
import type { PickupPoint } from '#shared/contract/pickup-points.ts';
import { shipmentMessages } from '#shared/i18n/shipment-messages.ts';
import { jsonResponse, stubFetchPerTest } from '#tests/setup/web/fetch-mock.ts';
import { render } from '#tests/setup/web/render.tsx';
import { SendForm } from './send-form.tsx';

const client: ClientInfo = {
  id: 'demo-user',
  name: 'Zelená Záhrada',
  role: 'USER',
  products: { SK: ['PRM', 'TRC'], CZ: ['PRM', 'TRC'], AT: ['TRC'] },
};

const point = (id: string, name: string, street: string, city: string, zip: string): PickupPoint => ({
  id,
  partner_id: 1,
  partner_name: 'Demo Partner',
  country: 'SK',
  type: 'parcel_locker',
  delivery_method: 'parcel_locker',
  name,
  street,
  city,
  zip,
  latitude: 48.15,
  longitude: 17.11,
  opening_hours: { mon: '00:00-24:00' },
  distance_km: null,
});
const POINTS = [point('SK-PT-0001', 'Box Obchodná', 'Obchodná 12', 'Bratislava', '81106'), point('SK-PT-0002', 'Box Hlavná', 'Hlavná 1', 'Košice', '04001')];

const ADDRESS = ['Street', 'House number', 'Address line 2 (optional)', 'City', 'Postal code', 'Region (optional)'];
const REQUIRED = { Street: shipmentMessages.addressRequired.id, City: shipmentMessages.cityRequired.id, 'Postal code': shipmentMessages.zipRequired.id };

const fetchMock = stubFetchPerTest();
/** The bodies the form posted to create a shipment. */
let posted: Record<string, unknown>[] = [];

beforeEach(() => {
  posted = [];
  fetchMock().mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/pickup-points')) return jsonResponse({ points: POINTS, count: POINTS.length });
    if (url.includes('/dimensions')) return jsonResponse({ width: 120, height: 60, length: 60 });
    if (url.includes('/shipments/store')) {
      posted.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return jsonResponse({ error: 'conflict', message: 'Stopped by the test.' }, 409);
    }
    return jsonResponse({ pickup_widgets: {} });
  });
  // The browser does not share its location: the picker lists by text at once.
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition: (_found: unknown, failed: (error: { code: number }) => void) => failed({ code: 1 }) },
  });
});

afterEach(() => {
  delete (navigator as { geolocation?: unknown }).geolocation;
});

async function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SendForm client={client} onSent={() => {}} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup({ delay: null });
  // happy-dom shows the select's first option until it is chosen (the form holds SK): choose it as a clerk would.
  await user.selectOptions(screen.getByLabelText('Country'), 'SK');
  const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
  const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
  const hasButton = (name: string) => screen.queryByRole('button', { name }) !== null;
  const pointButton = (name: string) =>
    screen
      .queryAllByRole('list', { name: 'Parcel points' })
      .flatMap((list) => within(list).queryAllByRole('button'))
      .find((b) => b.textContent?.includes(name));
  /** Waits for the picker's list and chooses the point named so. */
  const pickPoint = async (name: string) => {
    await vi.waitFor(() => expect(pointButton(name)).toBeDefined());
    await user.click(pointButton(name)!);
  };
  /** Label -> value of every address field. */
  const address = () => Object.fromEntries(ADDRESS.map((label) => [label, field(label).value]));
  /** Labels of the address fields marked invalid, or showing an error text. */
  const invalid = () => ADDRESS.filter((label) => field(label).getAttribute('aria-invalid') === 'true' || errorText(field(label)) !== '');
  const submit = () => user.click(button('Send shipment'));
  /** Replaces a field's text as a clerk types it (an empty text clears it). */
  const type = async (input: HTMLInputElement, text: string) => {
    await user.clear(input);
    if (text) await user.type(input, text);
  };
  /** Leaves a field as a clerk tabbing on would. */
  const leave = async (input: HTMLInputElement) => {
    await user.click(input);
    await user.tab();
  };
  return { user, field, button, hasButton, pointButton, pickPoint, address, invalid, submit, type, leave };
}

/** The error text tied to a field (a TextField's error paragraph is a role=alert in its aria-describedby). */
function errorText(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .filter((node) => node?.getAttribute('role') === 'alert')
    .map((node) => node?.textContent ?? '')
    .join(' ')
    .trim();
}

/** Fills what a valid SK shipment needs besides the address. */
async function fillTheRest(user: UserEvent) {
  const field = (label: string) => screen.getByLabelText(label);
  await user.type(field('Name'), 'Jana Nová');
  await user.type(field('Phone'), '+421901234567');
  await user.type(field('Email'), 'jana@example.sk');
  await user.type(field('Weight (kg)'), '1.5');
  for (const label of ['Width (cm)', 'Height (cm)', 'Length (cm)']) await user.type(field(label), '20');
  await user.type(field('Content'), 'Seeds');
}

describe('SendForm address from a parcel point', () => {
  it('fills the address from the chosen point, read-only, with Change to choose another', async () => {
    const { user, field, button, hasButton, pickPoint, pointButton, address } = await setup();
    for (const label of ADDRESS) expect(field(label).readOnly).toBe(false);

    await user.click(button('Box'));
    // Before a point is chosen the fields wait for it: empty and read-only.
    for (const label of ADDRESS) expect(field(label).readOnly).toBe(true);
    expect(hasButton('Change')).toBe(false);
    expect(screen.getByText('Choose a parcel point above: its address fills in these fields.')).toBeTruthy();

    await pickPoint('Box Obchodná');
    expect(address()).toEqual({
      Street: 'Obchodná 12',
      'House number': '',
      'Address line 2 (optional)': 'Box Obchodná',
      City: 'Bratislava',
      'Postal code': '81106',
      'Region (optional)': '',
    });
    for (const label of ADDRESS) {
      expect(field(label).readOnly).toBe(true);
      expect(field(label).className).toContain('read-only:bg-base-200');
    }
    expect(pointButton('Box Hlavná')).toBeUndefined();
    expect(document.activeElement).toBe(button('Change'));
    expect(screen.getByText("This is the chosen parcel point's address. Use Change above to choose another point.")).toBeTruthy();

    // Change opens the picker again (focus goes to it); the chosen point stays until another is chosen.
    await user.click(button('Change'));
    expect(hasButton('Change')).toBe(false);
    expect(document.activeElement?.contains(field('Search parcel points'))).toBe(true);
    expect(field('Street').value).toBe('Obchodná 12');
    await pickPoint('Box Hlavná');
    expect(address()).toMatchObject({ Street: 'Hlavná 1', 'Address line 2 (optional)': 'Box Hlavná', City: 'Košice', 'Postal code': '04001' });
    expect(field('Street').readOnly).toBe(true);

    // Cancel while changing keeps the point.
    await user.click(button('Change'));
    await user.click(button('Cancel'));
    expect(hasButton('Change')).toBe(true);
    expect(field('City').value).toBe('Košice');
  });

  it('sends the read-only address of the point with the point and its delivery method', async () => {
    const { user, button, pickPoint, submit } = await setup();
    await user.click(button('Box'));
    await pickPoint('Box Obchodná');
    await fillTheRest(user);
    await submit();
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      delivery_method: 'parcel_locker',
      product: 'PRM',
      pickup_point_id: 'SK-PT-0001',
      receiver_address_line_1: 'Obchodná 12',
      receiver_address_line_2: 'Box Obchodná',
      receiver_city: 'Bratislava',
      receiver_postal_code: '81106',
      receiver_country: 'SK',
    });
  });

  it('keeps the typed home address aside while a point is chosen and gives it back, editable, with courier delivery', async () => {
    const { user, field, button, pickPoint, address, type } = await setup();
    await type(field('Street'), 'Dlhá');
    await type(field('House number'), '5');
    await type(field('City'), 'Nitra');
    await type(field('Postal code'), '94901');
    const typed = address();

    await user.click(button('Box'));
    expect(Object.values(address()).every((value) => value === '')).toBe(true);
    await pickPoint('Box Obchodná');
    expect(field('Street').value).toBe('Obchodná 12');

    await user.click(button('Courier to the address'));
    expect(address()).toEqual(typed);
    for (const label of ADDRESS) expect(field(label).readOnly).toBe(false);

    // Nothing typed before the point: courier delivery starts from empty fields.
    for (const label of ADDRESS) await type(field(label), '');
    await user.click(button('Box'));
    await pickPoint('Box Hlavná');
    await user.click(button('Courier to the address'));
    expect(Object.values(address()).every((value) => value === '')).toBe(true);
  });

  it('marks no read-only address field when the clerk tabs through it; a submit asks for the point', async () => {
    const { user, field, button, invalid, submit, pickPoint, leave } = await setup();
    await user.click(button('Box'));
    for (const label of ADDRESS) await leave(field(label));
    expect(invalid()).toEqual([]);

    // The rest filled in: the point is all that is missing, said at the picker, which takes the focus.
    await fillTheRest(user);
    await submit();
    const pointError = () => screen.queryAllByRole('alert').find((node) => node.textContent === shipmentMessages.pickupPointRequired.id);
    await vi.waitFor(() => expect(pointError()).toBeDefined());
    expect(invalid()).toEqual([]);
    expect(document.activeElement?.contains(field('Search parcel points'))).toBe(true);
    expect(posted).toHaveLength(0);

    // Choosing a point answers it.
    await pickPoint('Box Obchodná');
    await vi.waitFor(() => expect(pointError()).toBeUndefined());
  });
});

describe('SendForm address on a new destination country', () => {
  it('clears the address without marking the emptied fields until a submit, which asks for them', async () => {
    const { user, field, invalid, submit, address, type, leave } = await setup();
    // Errors the address had before: a street left empty, a postal code not Slovak (the country
    // rules are checked once the other fields pass).
    await fillTheRest(user);
    await leave(field('Street'));
    await type(field('City'), 'Wien');
    await leave(field('City'));
    await type(field('Postal code'), '1010');
    await leave(field('Postal code'));
    await vi.waitFor(() => expect(invalid()).toEqual(['Street', 'Postal code']));

    await user.selectOptions(screen.getByLabelText('Country'), 'CZ');
    expect(Object.values(address()).every((value) => value === '')).toBe(true);
    expect(invalid()).toEqual([]);
    expect(screen.queryByText(shipmentMessages.postalCodeInvalid.id)).toBeNull();

    await submit();
    await vi.waitFor(() => expect(invalid()).toEqual(['Street', 'City', 'Postal code']));
    for (const [label, message] of Object.entries(REQUIRED)) expect(errorText(field(label))).toBe(message);
    expect(posted).toHaveLength(0);

    // After the submit the fields check themselves as they change (the form's rule after a submit).
    await type(field('Street'), 'Národní 1');
    await vi.waitFor(() => expect(invalid()).toEqual(['City', 'Postal code']));
  });

  it('drops a chosen point: the address fields are editable and empty again, with no error', async () => {
    const { user, field, button, hasButton, pickPoint, invalid, address } = await setup();
    await user.click(button('Box'));
    await pickPoint('Box Obchodná');

    await user.selectOptions(screen.getByLabelText('Country'), 'CZ');
    expect(hasButton('Change')).toBe(false);
    expect(screen.getByLabelText<HTMLSelectElement>('Product').disabled).toBe(false);
    for (const label of ADDRESS) expect(field(label).readOnly).toBe(false);
    expect(Object.values(address()).every((value) => value === '')).toBe(true);
    expect(invalid()).toEqual([]);
  });
});

describe('the destination country list', () => {
  it('is in the order of the countries’ names in the user’s language, not of their ISO codes (issue 31)', () => {
    const clientOfThree: ClientInfo = { ...client, products: { CH: ['PRM'], DE: ['PRM'], AT: ['PRM'] } };
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SendForm client={clientOfThree} onSent={() => {}} />
      </QueryClientProvider>,
    );
    const options = within(screen.getByLabelText('Country')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Austria', 'Germany', 'Switzerland']);
  });
});
