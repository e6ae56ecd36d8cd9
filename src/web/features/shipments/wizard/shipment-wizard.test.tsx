import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientInfo } from '#shared/contract/auth.ts';
import type { PickupAddress } from '#shared/contract/pickup-addresses.ts';
import { shipmentMessages } from '#shared/i18n/shipment-messages.ts';
import { render } from '#tests/setup/web/render.tsx';
import { db, type Draft } from '#web/offline/db.ts';
import type { WizardDraftData, WizardStep } from '#web/offline/draft-data.ts';
import { createDraft, newDraft } from '../offline/drafts.ts';
import { resetDb } from '#tests/setup/web/offline-fixtures.ts';
import { pickupAddressesQueryOptions } from '../api/get-pickup-addresses.ts';
import { profileQueryOptions } from '#web/lib/profile.ts';
import type { Profile } from '#shared/contract/profile.ts';
import { ShipmentWizard } from './shipment-wizard.tsx';
import { initialWizardData } from './wizard-values.ts';

const CLIENT: ClientInfo = { id: 'client-a', name: 'Zelená Záhrada', role: 'USER', products: { SK: ['PRM', 'TRC'], CZ: ['PRM'] } };

const ADDRESS = (id: string, street: string): PickupAddress => ({
  id,
  contactPerson: 'Eva Malá',
  street,
  zip: '040 01',
  city: 'Košice',
  country: 'SK',
  email: 'eva@example.com',
  phone: '+421900111222',
  regularPickup: false,
  pickupDays: { pondelok: false, utorok: false, streda: false, stvrtok: false, piatok: false },
  preferredPartners: [],
  labelPrinter: null,
});
const PROFILE: Profile = {
  name: 'Eva Malá',
  email: 'eva@example.com',
  phone: '',
  company: { name: 'Zelená Záhrada s.r.o.', street: 'Priemyselná 12', city: 'Košice', zip: '040 01', country: 'SK', company_identification_number: '12345678', tax_identification_number: '2012345678', vat_identification_number: '', label_printer: null },
};
const HOME = '6f1c7a5e-3f3e-4d55-9a4f-4c3f3f2b9a10';
const DEPOT = '0b4c3a63-3f43-4d8e-9a55-5b7e8f6f2c11';
const ADDRESSES = [ADDRESS(HOME, 'Priemyselná 12'), ADDRESS(DEPOT, 'Skladová 3')];

/** Everything a shipment needs: the summary's Finish would queue it. */
function complete(overrides: Partial<WizardDraftData> = {}): WizardDraftData {
  return {
    step: 6,
    country: 'SK',
    product: 'PRM',
    delivery: 'courier',
    pickupAddressId: HOME,
    recipient: {
      receiver_name: 'Jana Nováková',
      receiver_address_line_1: 'Hlavná',
      receiver_address_number: '12',
      receiver_city: 'Košice',
      receiver_postal_code: '040 01',
      receiver_phone: '0905 123 456',
      receiver_email: 'jana@example.com',
    },
    package: { content: 'Garden seeds', reference_number: 'ORD-1', label_sender_name: 'Zelená Záhrada', goods_type: 'GOODS' },
    parcels: [{ weight: 2.5, width: 30, height: 20, length: 40, reference_number: 'ORD-1-1', quantity: 1, fragile: false }],
    services: { cod_amount: null, insurance: null, consent: true },
    pickupPoint: null,
    ...overrides,
  };
}

const draftAt = (step: WizardStep, data: WizardDraftData, extra: Partial<Draft> = {}): Draft => ({ ...newDraft(CLIENT.id, { ...data, step }), ...extra });

// happy-dom's selects have no `size` and their options no `defaultSelected`, which makes
// react-hook-form take a select for one the user changed before the form was ready and read the
// destination as ''; a browser answers 0 and false.
for (const [proto, key, value] of [
  [HTMLSelectElement.prototype, 'size', () => 0],
  [
    HTMLOptionElement.prototype,
    'defaultSelected',
    function (this: HTMLOptionElement) {
      return this.hasAttribute('selected');
    },
  ],
] as const) {
  if (!(key in proto)) Object.defineProperty(proto, key, { get: value, configurable: true });
}

let scrolled: Element[];

beforeEach(async () => {
  await resetDb();
  scrolled = [];
  // happy-dom lays nothing out: record which element was asked to come into view.
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
  // The parcel-point widgets' settings are not needed here.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => undefined)),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup(draft: Draft, props: { isNew?: boolean; onCreated?: (id: string) => void } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(pickupAddressesQueryOptions().queryKey, ADDRESSES);
  queryClient.setQueryData(profileQueryOptions().queryKey, PROFILE);
  const onDone = vi.fn();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ShipmentWizard draft={draft} client={CLIENT} onDone={onDone} {...props} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup({ delay: null });
  /** The step's heading (the wizard card is named by it). */
  const heading = () => screen.getByRole('heading', { level: 2 });
  const title = () => heading().textContent;
  /** The stepper's tab of a step (its name changes with its errors). */
  const tab = (step: WizardStep) => screen.getAllByRole('tab')[step - 1]!;
  const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
  const field = <T extends HTMLElement = HTMLInputElement>(label: string) => screen.getByLabelText<T>(label);
  const radio = (text: string) => screen.getByRole<HTMLInputElement>('radio', { name: new RegExp(text) });
  const click = (element: HTMLElement) => user.click(element);
  /** Replaces a field's text as a person types it (an empty text clears it). */
  const type = async (input: HTMLElement, text: string) => {
    await user.clear(input);
    if (text) await user.type(input, text);
  };
  return { heading, title, tab, button, field, radio, click, type, onDone, unmount: view.unmount };
}

/** The mark a tab shows in its circle: its number, ✓ when completed, ! with errors. */
const mark = (tab: HTMLElement) => tab.getAttribute('data-content');

describe('ShipmentWizard', () => {
  describe("a step's error mark", () => {
    it('goes from the Delivery tab as soon as a pickup address is chosen, not at the summary', async () => {
      const w = setup(draftAt(2, complete({ pickupAddressId: undefined })));
      await w.click(w.button('Continue'));
      await vi.waitFor(() => expect(mark(w.tab(2))).toBe('!'));

      await w.click(w.radio('Skladová 3'));
      await vi.waitFor(() => expect(mark(w.tab(2))).not.toBe('!'));
      expect(w.tab(2).className).not.toContain('step-error');
    });

    it('goes from the step corrected while another step keeps its own', async () => {
      // Finish marks the recipient (no name) and the package (no content); fixing the name on step 3
      // clears step 3's mark at once while step 4's stays until its content is typed.
      const data = complete({ recipient: { ...complete().recipient, receiver_name: '' }, package: { ...complete().package, content: '' } });
      const w = setup(draftAt(6, data));
      await w.click(w.button('Finish'));
      await vi.waitFor(() => expect(w.title()).toBe('Recipient'));
      expect(mark(w.tab(3))).toBe('!');
      expect(mark(w.tab(4))).toBe('!');

      await w.type(w.field('Company (optional)'), 'Kvety s.r.o.');
      await vi.waitFor(() => expect(mark(w.tab(3))).toBe('3'));
      expect(w.field('Name').getAttribute('aria-invalid')).toBeNull();
      expect(mark(w.tab(4))).toBe('!');
    });

    it("keeps the server's refusal of a valid-looking value until that value changes", async () => {
      const rejected = draftAt(6, complete(), { status: 'rejected', errors: { pickup_address_id: [shipmentMessages.pickupAddressInvalid.id] } });
      const w = setup(rejected);
      await vi.waitFor(() => expect(w.title()).toBe('Delivery and pickup address'));
      expect(mark(w.tab(2))).toBe('!');
      // Another change anywhere does not take it away: the browser cannot know the address is gone.
      await w.click(w.radio('Parcel point'));
      await w.click(w.radio('Home delivery'));
      expect(mark(w.tab(2))).toBe('!');

      await w.click(w.radio('Skladová 3'));
      await vi.waitFor(() => expect(mark(w.tab(2))).not.toBe('!'));
    });
  });

  it('stays on step 2 when a pickup address is chosen: the choice can be changed, Continue moves on', async () => {
    const w = setup(draftAt(2, complete({ pickupAddressId: undefined })));
    await w.click(w.radio('Skladová 3'));
    expect(w.title()).toBe('Delivery and pickup address');
    expect(w.radio('Skladová 3').checked).toBe(true);

    await w.click(w.radio('Priemyselná 12'));
    expect(w.title()).toBe('Delivery and pickup address');
    expect(w.radio('Priemyselná 12').checked).toBe(true);
    expect(w.radio('Skladová 3').checked).toBe(false);

    await w.click(w.button('Continue'));
    expect(w.title()).toBe('Recipient');
  });

  describe('the package step, with the rules of the single form (README note 120)', () => {
    it("starts the sender's name on the label as the company's name, and moves on without any reference", async () => {
      const w = setup(draftAt(4, complete({ package: { goods_type: 'GOODS', content: 'Seeds' }, parcels: [{ weight: 1, width: 10, height: 10, length: 10 }] })));
      await vi.waitFor(() => expect(w.field('Sender name on the label').value).toBe('Zelená Záhrada s.r.o.'));
      expect(w.field('Reference number (optional)').value).toBe('');
      expect(w.field('Parcel reference (optional)').value).toBe('');
      await w.click(w.button('Continue'));
      expect(w.title()).toBe('Services');
    });

    it("keeps a sender's name the user chose or cleared", async () => {
      const w = setup(draftAt(4, complete({ package: { ...complete().package, label_sender_name: '' } })));
      await w.click(w.button('Continue'));
      expect(w.title()).toBe('Parcel: package details');
      expect(w.field('Sender name on the label').value).toBe('');
      expect(w.field('Sender name on the label').getAttribute('aria-invalid')).toBe('true');
      w.unmount();
      const other = setup(draftAt(4, complete({ package: { ...complete().package, label_sender_name: 'Eshop Kvety' } })));
      expect(other.field('Sender name on the label').value).toBe('Eshop Kvety');
    });
  });

  describe("the summary's Edit", () => {
    it('opens the step, keeps the later steps completed and the summary one click away', async () => {
      const w = setup(draftAt(6, complete()));
      await w.click(within(screen.getByRole('region', { name: 'Recipient' })).getByRole('button', { name: 'Edit' }));

      expect(w.title()).toBe('Recipient');
      expect(w.tab(3).getAttribute('data-state')).toBe('active');
      expect([1, 2, 4, 5, 6].map((step) => w.tab(step as WizardStep).getAttribute('data-state'))).toEqual(Array(5).fill('completed'));
      expect(w.tab(6).getAttribute('aria-disabled')).toBeNull();

      // Continue checks the step and returns to the summary.
      await w.click(w.button('Continue to summary'));
      expect(w.title()).toBe('Summary');
      expect(w.button('Finish')).toBeTruthy();
    });

    it('lets the summary tab be clicked from the edited step, and its Continue still checks the step', async () => {
      const w = setup(draftAt(6, complete()));
      await w.click(within(screen.getByRole('region', { name: 'Parcels' })).getByRole('button', { name: 'Edit' }));
      expect(w.title()).toBe('Parcel: package details');

      await w.type(w.field('Content'), '');
      await w.click(w.button('Continue to summary'));
      expect(w.title()).toBe('Parcel: package details');
      expect(w.field('Content').getAttribute('aria-invalid')).toBe('true');

      await w.click(w.tab(6));
      expect(w.title()).toBe('Summary');
    });

    it('is not needed on a first walk: the summary tab opens from step 5 only', async () => {
      const w = setup(draftAt(3, complete()));
      expect(w.tab(6).getAttribute('aria-disabled')).toBe('true');
      expect(w.tab(4).getAttribute('data-state')).toBe('inactive');
      expect(w.button('Continue')).toBeTruthy();
    });
  });

  describe('a failed Continue or Finish', () => {
    it('focuses the first field with an error as the step shows them, not the first error found', async () => {
      // The schema reports the sender's name before the content; the content stands first.
      const w = setup(draftAt(4, complete({ package: { goods_type: 'GOODS', label_sender_name: '' } })));
      await w.click(w.button('Continue'));
      await vi.waitFor(() => expect(document.activeElement).toBe(w.field('Content')));
      expect(w.field('Sender name on the label').getAttribute('aria-invalid')).toBe('true');
    });

    it('on Finish, opens the first step with an error and focuses its first field with an error', async () => {
      const data = complete({ recipient: { ...complete().recipient, receiver_phone: '', receiver_email: '' } });
      const w = setup(draftAt(6, data));
      await w.click(w.button('Finish'));
      await vi.waitFor(() => expect(document.activeElement).toBe(w.field('Phone')));
      expect(w.title()).toBe('Recipient');
    });

    it("focuses a group's control when its message comes first (the pickup address list)", async () => {
      const w = setup(draftAt(2, complete({ pickupAddressId: undefined })));
      await w.click(w.button('Continue'));
      await vi.waitFor(() => expect(document.activeElement).toBe(w.radio('Priemyselná 12')));
    });

    it('focuses the consent when it is the only thing missing', async () => {
      const w = setup(draftAt(5, complete({ services: { cod_amount: null, insurance: null, consent: false } })));
      await w.click(w.button('Continue'));
      const consent = screen.getByRole('checkbox');
      await vi.waitFor(() => expect(document.activeElement).toBe(consent));
    });
  });

  it('scrolls the stepper into view, below the sticky header, on each step change', async () => {
    const w = setup(draftAt(1, complete()));
    scrolled = [];
    await w.click(w.button('Continue'));
    expect(w.title()).toBe('Delivery and pickup address');
    expect(scrolled).toContain(w.tab(2));
    expect(w.tab(2).className).toContain('scroll-mt-20');

    scrolled = [];
    await w.click(w.button('Back'));
    expect(scrolled).toContain(w.tab(1));
    // The heading takes the focus without scrolling the stepper away.
    expect(document.activeElement).toBe(w.heading());
  });

  it('keeps Back and Continue in a bar that sticks to the bottom of the wizard card, its fields clear of it', () => {
    const w = setup(draftAt(3, complete()));
    const bar = w.button('Continue').parentElement!;
    expect(bar.className).toMatch(/\bsticky\b/);
    expect(bar.className).toMatch(/\bbottom-0\b/);
    expect(bar.contains(w.button('Back'))).toBe(true);
    const card = bar.parentElement!;
    expect(card.tagName).toBe('SECTION');
    expect(card.className).toMatch(/\bcard\b/);
    // The bar is the card's last part, after the step's body (which keeps a space above it) ...
    expect(card.lastElementChild).toBe(bar);
    expect(bar.previousElementSibling?.className).toMatch(/\bcard-body\b.*\bpb-8\b/);
    // ... and a focused field scrolls clear of the bar and of the header.
    expect(card.className).toContain('[&_:is(input,select,textarea)]:scroll-mb-24');
    expect(card.className).toContain('[&_:is(input,select,textarea)]:scroll-mt-20');
  });

  it('shows the consent error on its own line under the checkbox, tied to it', async () => {
    const w = setup(draftAt(5, complete({ services: { consent: false } })));
    await w.click(w.button('Continue'));
    const consentError = () => screen.queryAllByRole('alert').find((alert) => alert.textContent === shipmentMessages.consentRequired.id);
    const error = await vi.waitFor(() => {
      const found = consentError();
      if (!found) throw new Error('no consent error yet');
      return found;
    });
    const checkbox = screen.getByRole('checkbox');
    const label = checkbox.closest('label')!;
    expect(error.textContent).toBe(shipmentMessages.consentRequired.id);
    expect(label.contains(error)).toBe(false);
    expect(label.nextElementSibling).toBe(error);
    // A block-level line (daisyUI's label is inline-flex, which put it beside the checkbox), wrapping long texts.
    expect(error.className.split(' ')).toEqual(expect.arrayContaining(['flex', 'whitespace-normal']));
    expect(label.parentElement?.className).toMatch(/\bflex-col\b/);
    expect(checkbox.getAttribute('aria-invalid')).toBe('true');
    expect(checkbox.getAttribute('aria-describedby')).toBe(error.id);

    await w.click(checkbox);
    await vi.waitFor(() => expect(consentError()).toBeUndefined());
  });

  describe('a new shipment', () => {
    const fresh = () => newDraft(CLIENT.id, initialWizardData(CLIENT.products));

    it('leaves no draft behind when it is opened, walked through and left without an entry', async () => {
      const draft = fresh();
      const onCreated = vi.fn();
      const w = setup(draft, { isNew: true, onCreated });
      // Moving on with the preselected destination and product is not an entry.
      await w.click(w.button('Continue'));
      expect(w.title()).toBe('Delivery and pickup address');
      await w.click(w.button('Back'));
      w.unmount();
      // Let any save under way finish.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await db.drafts.count()).toBe(0);
      expect(onCreated).not.toHaveBeenCalled();
    });

    it('stores the draft under its id at the first entry, once, and says so', async () => {
      const draft = fresh();
      const onCreated = vi.fn();
      const w = setup(draft, { isNew: true, onCreated });
      await w.click(w.button('Continue'));
      await w.click(w.radio('Skladová 3'));
      await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(draft.id));
      await w.click(w.button('Continue'));
      await vi.waitFor(async () =>
        expect(await db.drafts.get(draft.id)).toMatchObject({ clientId: CLIENT.id, status: 'editing', step: 3, data: { pickupAddressId: DEPOT, country: 'SK' } }),
      );

      // Later typing saves into the same draft.
      await w.type(w.field('Name'), 'Jana');
      await vi.waitFor(async () => expect((await db.drafts.get(draft.id))?.data.recipient?.receiver_name).toBe('Jana'));
      expect(await db.drafts.count()).toBe(1);
      expect(onCreated).toHaveBeenCalledTimes(1);
    });

    it('does not count a value typed and taken back as an entry', async () => {
      const draft = fresh();
      const w = setup(draft, { isNew: true, onCreated: vi.fn() });
      await w.click(w.tab(3));
      await w.type(w.field('Name'), 'J');
      await w.type(w.field('Name'), '');
      w.unmount();
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await db.drafts.count()).toBe(0);
    });

    it('saves an opened draft as before', async () => {
      const id = await createDraft(CLIENT.id, complete({ step: 3 }));
      const stored = (await db.drafts.get(id))!;
      const w = setup(stored);
      await w.type(w.field('City'), 'Prešov');
      await vi.waitFor(async () => expect((await db.drafts.get(id))?.data.recipient?.receiver_city).toBe('Prešov'));
    });
  });
});
