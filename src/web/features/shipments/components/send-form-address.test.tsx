// The send form's receiver address (issue 17, "The send form"): a chosen parcel point's address
// fills the address fields read-only (still sent) with Change to choose another point; a new
// destination country clears the address without marking the emptied fields as errors until a
// submit.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientInfo } from '../../../../shared/contract/auth.ts';
import type { PickupPoint } from '../../../../shared/contract/pickup-points.ts';
import { shipmentMessages } from '../../../../shared/i18n/shipment-messages.ts';
import { buttonNamed, byLabel, choose, click, type } from '../../../../../tests/setup/web/dom-helpers.ts';
import { jsonResponse, stubFetchPerTest } from '../../../../../tests/setup/web/fetch-mock.ts';
import { render } from '../../../../../tests/setup/web/render.tsx';
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
let cleanup: (() => void) | undefined;

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
  cleanup?.();
  cleanup = undefined;
  delete (navigator as { geolocation?: unknown }).geolocation;
});

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SendForm client={client} onSent={() => {}} />
    </QueryClientProvider>,
  );
  cleanup = view.unmount;
  // happy-dom shows the select's first option until it is chosen (the form holds SK): choose it as a clerk would.
  choose(byLabel<HTMLSelectElement>(view.container, 'Country'), 'SK');
  const field = (label: string) => byLabel(view.container, label);
  const button = (name: string) => buttonNamed(view.container, name);
  const hasButton = (name: string) => [...view.container.querySelectorAll('button')].some((b) => b.textContent?.trim() === name);
  const pointButton = (name: string) => [...view.container.querySelectorAll<HTMLButtonElement>('ul[aria-label="Parcel points"] button')].find((b) => b.textContent?.includes(name));
  /** Waits for the picker's list and chooses the point named so. */
  const pickPoint = async (name: string) => {
    await vi.waitFor(() => expect(pointButton(name)).toBeDefined());
    click(pointButton(name)!);
  };
  /** Label -> value of every address field. */
  const address = () => Object.fromEntries(ADDRESS.map((label) => [label, field(label).value]));
  /** Labels of the address fields marked invalid, or showing an error text. */
  const invalid = () => ADDRESS.filter((label) => field(label).getAttribute('aria-invalid') === 'true' || errorText(field(label)) !== '');
  const submit = async () => {
    await act(async () => {
      button('Send shipment').click();
    });
  };
  return { view, field, button, hasButton, pointButton, pickPoint, address, invalid, submit };
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

/** Leaves a field as a person tabbing on would (react-hook-form listens to focusout). */
function leave(input: HTMLElement) {
  act(() => {
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
}

/** Fills what a valid SK shipment needs besides the address. */
function fillTheRest(field: (label: string) => HTMLInputElement) {
  type(field('Name'), 'Jana Nová');
  type(field('Phone'), '+421901234567');
  type(field('Email'), 'jana@example.sk');
  type(field('Weight (kg)'), '1.5');
  for (const label of ['Width (cm)', 'Height (cm)', 'Length (cm)']) type(field(label), '20');
  type(field('Content'), 'Seeds');
}

describe('SendForm address from a parcel point', () => {
  it('fills the address from the chosen point, read-only, with Change to choose another', async () => {
    const { view, field, button, hasButton, pickPoint, pointButton, address } = setup();
    for (const label of ADDRESS) expect(field(label).readOnly).toBe(false);

    click(button('Box'));
    // Before a point is chosen the fields wait for it: empty and read-only.
    for (const label of ADDRESS) expect(field(label).readOnly).toBe(true);
    expect(hasButton('Change')).toBe(false);
    expect(view.container.textContent).toContain('Choose a parcel point above: its address fills in these fields.');

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
    expect(view.container.textContent).toContain("This is the chosen parcel point's address. Use Change above to choose another point.");

    // Change opens the picker again (focus goes to it); the chosen point stays until another is chosen.
    click(button('Change'));
    expect(hasButton('Change')).toBe(false);
    expect(document.activeElement?.contains(field('Search parcel points'))).toBe(true);
    expect(field('Street').value).toBe('Obchodná 12');
    await pickPoint('Box Hlavná');
    expect(address()).toMatchObject({ Street: 'Hlavná 1', 'Address line 2 (optional)': 'Box Hlavná', City: 'Košice', 'Postal code': '04001' });
    expect(field('Street').readOnly).toBe(true);

    // Cancel while changing keeps the point.
    click(button('Change'));
    click(button('Cancel'));
    expect(hasButton('Change')).toBe(true);
    expect(field('City').value).toBe('Košice');
  });

  it('sends the read-only address of the point with the point and its delivery method', async () => {
    const { field, button, pickPoint, submit } = setup();
    click(button('Box'));
    await pickPoint('Box Obchodná');
    fillTheRest(field);
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
    const { field, button, pickPoint, address } = setup();
    type(field('Street'), 'Dlhá');
    type(field('House number'), '5');
    type(field('City'), 'Nitra');
    type(field('Postal code'), '94901');
    const typed = address();

    click(button('Box'));
    expect(Object.values(address()).every((value) => value === '')).toBe(true);
    await pickPoint('Box Obchodná');
    expect(field('Street').value).toBe('Obchodná 12');

    click(button('Courier to the address'));
    expect(address()).toEqual(typed);
    for (const label of ADDRESS) expect(field(label).readOnly).toBe(false);

    // Nothing typed before the point: courier delivery starts from empty fields.
    for (const label of ADDRESS) type(field(label), '');
    click(button('Box'));
    await pickPoint('Box Hlavná');
    click(button('Courier to the address'));
    expect(Object.values(address()).every((value) => value === '')).toBe(true);
  });

  it('marks no read-only address field when the clerk tabs through it; a submit asks for the point', async () => {
    const { view, field, button, invalid, submit, pickPoint } = setup();
    click(button('Box'));
    for (const label of ADDRESS) leave(field(label));
    await act(async () => {});
    expect(invalid()).toEqual([]);

    // The rest filled in: the point is all that is missing, said at the picker, which takes the focus.
    fillTheRest(field);
    await submit();
    const pointError = () => [...view.container.querySelectorAll('[role="alert"]')].find((node) => node.textContent === shipmentMessages.pickupPointRequired.id);
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
    const { view, field, invalid, submit, address } = setup();
    // Errors the address had before: a street left empty, a postal code not Slovak (the country
    // rules are checked once the other fields pass).
    fillTheRest(field);
    leave(field('Street'));
    type(field('City'), 'Wien');
    leave(field('City'));
    type(field('Postal code'), '1010');
    leave(field('Postal code'));
    await vi.waitFor(() => expect(invalid()).toEqual(['Street', 'Postal code']));

    choose(byLabel<HTMLSelectElement>(view.container, 'Country'), 'CZ');
    await act(async () => {});
    expect(Object.values(address()).every((value) => value === '')).toBe(true);
    expect(invalid()).toEqual([]);
    expect(view.container.textContent).not.toContain(shipmentMessages.postalCodeInvalid.id);

    await submit();
    await vi.waitFor(() => expect(invalid()).toEqual(['Street', 'City', 'Postal code']));
    for (const [label, message] of Object.entries(REQUIRED)) expect(errorText(field(label))).toBe(message);
    expect(posted).toHaveLength(0);

    // After the submit the fields check themselves as they change (the form's rule after a submit).
    type(field('Street'), 'Národní 1');
    await vi.waitFor(() => expect(invalid()).toEqual(['City', 'Postal code']));
  });

  it('drops a chosen point: the address fields are editable and empty again, with no error', async () => {
    const { view, field, button, hasButton, pickPoint, invalid, address } = setup();
    click(button('Box'));
    await pickPoint('Box Obchodná');

    choose(byLabel<HTMLSelectElement>(view.container, 'Country'), 'CZ');
    await act(async () => {});
    expect(hasButton('Change')).toBe(false);
    expect(byLabel<HTMLSelectElement>(view.container, 'Product').disabled).toBe(false);
    for (const label of ADDRESS) expect(field(label).readOnly).toBe(false);
    expect(Object.values(address()).every((value) => value === '')).toBe(true);
    expect(invalid()).toEqual([]);
  });
});
