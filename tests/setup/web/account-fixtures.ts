// What GET /api/v1/profile and GET /api/v1/profile/pickup-addresses answer for a client of a
// Slovak company, for unit tests that put them into the query cache as the shell does.
import type { PickupAddress } from '#shared/contract/pickup-addresses.ts';
import type { Profile } from '#shared/contract/profile.ts';

export function pickupAddress(id: string, patch: Partial<PickupAddress> = {}): PickupAddress {
  return {
    id,
    contactPerson: 'Eva Horváthová',
    street: 'Mlynské nivy 5',
    zip: '821 09',
    city: 'Bratislava',
    country: 'SK',
    email: 'sklad@zahrada.sk',
    phone: '+421900111222',
    regularPickup: false,
    pickupDays: { pondelok: false, utorok: false, streda: false, stvrtok: false, piatok: false },
    preferredPartners: [],
    labelPrinter: null,
    ...patch,
  };
}

export function profile(patch: Partial<Profile['company']> = {}): Profile {
  return {
    name: 'Eva Horváthová',
    email: 'eva@zahrada.sk',
    phone: '+421900111222',
    company: {
      name: 'Zelená Záhrada s.r.o.',
      street: 'Priemyselná 12',
      city: 'Košice',
      zip: '040 01',
      country: 'SK',
      company_identification_number: '12345678',
      tax_identification_number: '2012345678',
      vat_identification_number: '',
      label_printer: null,
      ...patch,
    },
  };
}
