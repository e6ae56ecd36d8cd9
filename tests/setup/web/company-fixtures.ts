// Test data for the company screens' component tests (a company as GET /api/v1/admin/company/{id} answers it).
import type { Company } from '#shared/contract/admin-companies.ts';

export const COMPANY_ID = '0b4c3a63-3f43-4d8e-9a55-5b7e8f6f2c11';
export const ADDRESS_ID = '7d2f1c4e-2b1a-4c3d-8e9f-0a1b2c3d4e5f';
export const CLIENT_UUID = '3e1d2c4b-5a69-4788-9abc-def012345678';

export function companyFixture(patch: Partial<Company> = {}): Company {
  return {
    id: COMPANY_ID,
    name: 'Zelená Záhrada s.r.o.',
    street: 'Mlynské nivy 5',
    city: 'Bratislava',
    zip: '82109',
    country: 'SK',
    companyIdentificationNumber: '12345679',
    taxIdentificationNumber: '2021234567',
    vatIdentificationNumber: null,
    invoiceStreet: null,
    invoiceCity: null,
    invoiceZip: null,
    invoiceCountry: null,
    products: { TRC: ['SK', 'CZ'], PRM: ['SK'], UTR: [], RTN: [] },
    bankAccounts: [],
    clients: [{ id: CLIENT_UUID, clientId: 'zahrada', name: 'Jana Nováková', email: 'jana@zahrada.sk', phone: '', role: 'USER', enabled: true, pickupAddressIds: [] }],
    pickupAddresses: [
      {
        id: ADDRESS_ID,
        contactPerson: 'Jana Nováková',
        street: 'Mlynské nivy 5',
        zip: '82109',
        city: 'Bratislava',
        country: 'SK',
        email: 'sklad@zahrada.sk',
        phone: '+421900000000',
        regularPickup: true,
        pickupDays: { pondelok: true, utorok: false, streda: true, stvrtok: false, piatok: true },
        clients: [],
        preferredPartners: [],
        credentials: [],
        labelPrinter: null,
      },
    ],
    shipmentCount: 0,
    labelPrinter: null,
    ...patch,
  };
}
