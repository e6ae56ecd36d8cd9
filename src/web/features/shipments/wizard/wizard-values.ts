// The wizard's data is the draft's data (offline/draft-data.ts): what the form holds is what is
// saved as the user types. This module turns it into the POST /api/v2/shipments/store payload,
// validates it with the shared schema and wizard rules, and says which step owns each field, so
// that a client-side or server-side error lands on the step and field it belongs to.
import type { WizardShipment } from '#shared/contract/shipments-wizard.ts';
import { wizardShipmentSchema } from '#shared/contract/shipments-wizard.ts';
import type { DeliveryMethod } from '#shared/domain/enums.ts';
import type { ProductsMap } from '#shared/domain/shipment-rules.ts';
import { checkWizardRules } from '#shared/domain/wizard-rules.ts';
import { shipmentMessages } from '#shared/i18n/shipment-messages.ts';
import type { DraftNumber, DraftParcel, WizardDraftData, WizardStep } from '#web/offline/draft-data.ts';

/** Field errors keyed by form path (`recipient.receiver_city`, `parcels.0.weight`): message ids. */
export type WizardErrors = Record<string, string[]>;

export const emptyParcel = (): DraftParcel => ({
  weight: null,
  width: null,
  height: null,
  length: null,
  reference_number: '',
  quantity: 1,
  fragile: false,
});

/** The delivery method the choices of steps 2 and 3 amount to. */
export function deliveryMethodOf(data: WizardDraftData): DeliveryMethod {
  if (data.delivery !== 'parcel_point') return 'home_delivery';
  return data.pickupPoint?.delivery_method ?? (data.country === 'SK' ? 'parcel_locker' : 'pickup_point');
}

const blankToNull = <T>(value: T | '' | undefined): T | null => (value === '' || value === undefined ? null : value);

/**
 * A number field for the schema: null when empty; text that is not a number goes as typed (typed
 * as a number here) for the schema to refuse it with its reason ("2.500" could be two numbers).
 */
const draftNumber = (value: DraftNumber | undefined) => blankToNull(value) as number | null;

/** The payload as the API expects it, from whatever the draft holds (validate before sending). */
export function payloadFromDraft(data: WizardDraftData): WizardShipment {
  const recipient = data.recipient ?? {};
  const pack = data.package ?? {};
  const services = data.services ?? {};
  return {
    delivery_method: deliveryMethodOf(data),
    product: data.product as WizardShipment['product'],
    goods_type: pack.goods_type ?? 'GOODS',
    pickup_address_id: data.pickupAddressId ?? '',
    pickup_point_id: data.delivery === 'parcel_point' ? (data.pickupPoint?.id ?? null) : null,
    reference_number: pack.reference_number ?? '',
    label_sender_name: pack.label_sender_name ?? '',
    content: pack.content ?? '',
    info: blankToNull(pack.info),
    receiver_company_name: blankToNull(recipient.receiver_company_name),
    receiver_vat_number: blankToNull(recipient.receiver_vat_number),
    receiver_name: blankToNull(recipient.receiver_name),
    receiver_address_line_1: recipient.receiver_address_line_1 ?? '',
    receiver_address_number: blankToNull(recipient.receiver_address_number),
    receiver_address_line_2: blankToNull(recipient.receiver_address_line_2),
    receiver_city: recipient.receiver_city ?? '',
    receiver_postal_code: recipient.receiver_postal_code ?? '',
    receiver_country: data.country ?? '',
    receiver_region: blankToNull(recipient.receiver_region),
    receiver_phone: recipient.receiver_phone ?? '',
    receiver_email: recipient.receiver_email ?? '',
    cod_amount: draftNumber(services.cod_amount),
    insurance: draftNumber(services.insurance),
    parcels: (data.parcels ?? []).map((parcel) => ({
      weight: draftNumber(parcel.weight) as number,
      width: draftNumber(parcel.width) as number,
      height: draftNumber(parcel.height) as number,
      length: draftNumber(parcel.length) as number,
      quantity: draftNumber(parcel.quantity) ?? 1,
      fragile: parcel.fragile ?? false,
      reference_number: parcel.reference_number ?? '',
      hs_tariff_code: blankToNull(parcel.hs_tariff_code ?? undefined),
    })),
  };
}

const PACKAGE_FIELDS = new Set(['content', 'info', 'reference_number', 'label_sender_name', 'goods_type']);

/** Where a payload field (as the schema or the server names it) lives in the wizard's form. */
export function formPathOf(field: string): string {
  if (field === 'receiver_country') return 'country';
  if (field === 'product') return 'product';
  if (field === 'delivery_method') return 'delivery';
  if (field === 'pickup_address_id') return 'pickupAddressId';
  if (field === 'pickup_point_id') return 'pickupPoint';
  if (field.startsWith('receiver_')) return `recipient.${field}`;
  if (PACKAGE_FIELDS.has(field)) return `package.${field}`;
  if (field === 'cod_amount' || field === 'insurance' || field === 'consent') return `services.${field}`;
  return field;
}

/** The step that shows a form path (6, the summary, for anything no step has a field for). */
export function stepOfPath(path: string): WizardStep {
  const head = path.split('.')[0];
  switch (head) {
    case 'country':
    case 'product':
      return 1;
    case 'delivery':
    case 'pickupAddressId':
      return 2;
    case 'recipient':
    case 'pickupPoint':
      return 3;
    case 'package':
    case 'parcels':
      return 4;
    case 'services':
      return 5;
    default:
      return 6;
  }
}

/** Server field errors (payload names) as form paths. */
export function toFormErrors(fields: Record<string, string[]>): WizardErrors {
  const errors: WizardErrors = {};
  for (const [field, ids] of Object.entries(fields)) (errors[formPathOf(field)] ??= []).push(...ids);
  return errors;
}

/** The first step that has an error, if any. */
export function firstStepWithError(errors: WizardErrors): WizardStep | undefined {
  const steps = Object.keys(errors).map(stepOfPath);
  return steps.length ? (Math.min(...steps) as WizardStep) : undefined;
}

export interface WizardCheck {
  errors: WizardErrors;
  /** The payload to queue, present only when there is no error. */
  payload?: WizardShipment;
}

/**
 * Everything the server would check that the browser can: the payload schema (spec section 5,
 * wizard rules), the shared country and product rules, and the consent. The pickup address's
 * ownership and the point's availability remain the server's to say.
 */
export function checkWizard(data: WizardDraftData, products: ProductsMap): WizardCheck {
  const errors: WizardErrors = {};
  const add = (path: string, id: string) => {
    const list = (errors[path] ??= []);
    if (!list.includes(id)) list.push(id);
  };
  if (!data.country) add('country', shipmentMessages.countryRequired.id);
  if (!data.product) add('product', shipmentMessages.productNotAllowed.id);
  if (!data.delivery) add('delivery', shipmentMessages.deliveryMethodRequired.id);
  if (!data.pickupAddressId) add('pickupAddressId', shipmentMessages.pickupAddressInvalid.id);

  const payload = payloadFromDraft(data);
  const parsed = wizardShipmentSchema.safeParse(payload);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(formPathOf(issue.path.join('.')), issue.message);
  }
  if (data.country && data.product) {
    const ruleInput = {
      ...payload,
      product: data.product,
      parcels: payload.parcels,
    };
    for (const [field, ids] of Object.entries(checkWizardRules(ruleInput, products))) ids.forEach((id) => add(formPathOf(field), id));
  }
  if (data.services?.consent !== true) add('services.consent', shipmentMessages.consentRequired.id);
  return Object.keys(errors).length ? { errors } : { errors, payload };
}

/**
 * What a value holds once nothing-yet is taken away: blanks ('', null, undefined), and objects
 * left empty by that, are dropped (an input that was shown and left empty is not an entry).
 */
function entered(value: unknown): unknown {
  if (value === '' || value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return value.map(entered);
  if (typeof value !== 'object') return value;
  const kept = Object.entries(value).flatMap(([key, item]) => {
    const inner = entered(item);
    return inner === undefined ? [] : [[key, inner] as const];
  });
  return kept.length ? Object.fromEntries(kept) : undefined;
}

function sameEntries(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return keysA.length === keysB.length && keysA.every((key) => sameEntries((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * Whether the user entered something in a wizard that opened on `initial`: any value other than
 * the preselected ones (the step alone is not an entry, nor an input shown and left empty).
 */
export function hasEnteredData(values: WizardDraftData, initial: WizardDraftData): boolean {
  const { step: _step, ...now } = values;
  const { step: _initialStep, ...before } = initial;
  return !sameEntries(entered(now), entered(before));
}

/** The errors of one step. */
export function errorsOfStep(errors: WizardErrors, step: WizardStep): WizardErrors {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => stepOfPath(path) === step));
}

/** A new draft: the usual destination preselected, courier, one empty parcel, GOODS. */
export function initialWizardData(products: ProductsMap): WizardDraftData {
  const countries = Object.keys(products).filter((code) => (products[code]?.length ?? 0) > 0);
  const country = countries.includes('SK') ? 'SK' : countries.sort()[0];
  const available = country ? (products[country] ?? []) : [];
  return {
    step: 1,
    country,
    product: available.includes('PRM') ? 'PRM' : available[0],
    delivery: 'courier',
    package: { goods_type: 'GOODS' },
    parcels: [emptyParcel()],
    services: { cod_amount: null, insurance: null, consent: false },
    pickupPoint: null,
  };
}
