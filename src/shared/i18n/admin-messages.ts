// Messages of the carrier's administration (companies, products, bank accounts, pickup addresses,
// partner assignments, clients), kept apart from messages.ts by topic; findMessage knows both.
import type { MessageDescriptor } from './messages.ts';

export const adminMessages = {
  companyNameRequired: /*i18n*/ { id: 'admin.company.name.required', message: 'Company name is required' },
  streetRequired: /*i18n*/ { id: 'admin.street.required', message: 'Street is required' },
  zipRequired: /*i18n*/ { id: 'admin.zip.required', message: 'ZIP is required' },
  cityRequired: /*i18n*/ { id: 'admin.city.required', message: 'City is required' },
  countryInvalid: /*i18n*/ { id: 'admin.country.invalid', message: 'Choose a country from the list' },
  cinRequired: /*i18n*/ { id: 'admin.company.cin.required', message: 'Company ID (IČO) is required' },
  tinRequired: /*i18n*/ { id: 'admin.company.tin.required', message: 'Tax ID (DIČ) is required' },
  companyNotFound: /*i18n*/ { id: 'admin.company.not_found', message: 'Company not found.' },
  companyHasShipments: /*i18n*/ {
    id: 'admin.company.has_shipments',
    message: 'This company has shipments and cannot be deleted. Disable its clients instead.',
  },
  companyCreated: /*i18n*/ { id: 'admin.company.created', message: 'Company created.' },
  companySaved: /*i18n*/ { id: 'admin.company.saved', message: 'Company saved.' },
  companyDeleted: /*i18n*/ { id: 'admin.company.deleted', message: 'Company deleted.' },
  carrierCompany: /*i18n*/ { id: 'admin.company.carrier', message: 'The carrier’s own company is not managed here.' },

  productInvalid: /*i18n*/ { id: 'admin.product.invalid', message: 'Choose a product: PRM, TRC, UTR or RTN' },

  ibanRequired: /*i18n*/ { id: 'admin.iban.required', message: 'IBAN is required' },
  ibanInvalid: /*i18n*/ { id: 'admin.iban.invalid', message: 'This IBAN is not valid (check its length and check digits)' },
  swiftRequired: /*i18n*/ { id: 'admin.swift.required', message: 'SWIFT/BIC is required' },
  swiftInvalid: /*i18n*/ { id: 'admin.swift.invalid', message: 'This SWIFT/BIC is not valid' },
  bankAccountNotFound: /*i18n*/ { id: 'admin.bank_account.not_found', message: 'Bank account not found.' },
  bankAccountDeleted: /*i18n*/ { id: 'admin.bank_account.deleted', message: 'Bank account deleted.' },
  bankAccountDuplicate: /*i18n*/ { id: 'admin.bank_account.duplicate', message: 'This company already has this IBAN.' },

  contactPersonRequired: /*i18n*/ { id: 'admin.pickup_address.contact_person.required', message: 'Contact person is required' },
  emailInvalid: /*i18n*/ { id: 'admin.email.invalid', message: 'Enter a valid email address' },
  phoneRequired: /*i18n*/ { id: 'admin.phone.required', message: 'Phone is required' },
  pickupDaysInvalid: /*i18n*/ { id: 'admin.pickup_days.invalid', message: 'Pickup days must be a weekday mask from 0 to 31' },
  pickupAddressDeleted: /*i18n*/ { id: 'admin.pickup_address.deleted', message: 'Pickup address deleted.' },
  pickupAddressNotFound: /*i18n*/ { id: 'admin.pickup_address.not_found', message: 'Pickup address not found.' },
  clientNotOfCompany: /*i18n*/ { id: 'admin.pickup_address.client_not_of_company', message: 'This client does not belong to the company' },
  partnerNotFound: /*i18n*/ { id: 'admin.partner.not_found', message: 'Partner not found.' },
  partnerDoesNotServe: /*i18n*/ {
    id: 'admin.partner.does_not_serve',
    message: 'This partner does not serve this country, product and delivery method.',
  },
  partnerAssignmentExists: /*i18n*/ { id: 'admin.partner.assignment_exists', message: 'This address already has a partner for this country, product and method.' },
  partnerAssignmentNotFound: /*i18n*/ { id: 'admin.partner.assignment_not_found', message: 'This address has no such partner assignment.' },
  priorityInvalid: /*i18n*/ { id: 'admin.partner.priority.invalid', message: 'Priority is a whole number from 1 to 10' },

  clientIdRequired: /*i18n*/ { id: 'admin.client.client_id.required', message: 'Client ID is required' },
  clientIdFormat: /*i18n*/ {
    id: 'admin.client.client_id.format',
    message: 'Use 3 to 64 letters, digits, dots, dashes, underscores or @',
  },
  clientIdTaken: /*i18n*/ { id: 'admin.client.client_id.taken', message: 'This client ID is already taken.' },
  clientNameRequired: /*i18n*/ { id: 'admin.client.name.required', message: 'Name is required' },
  roleInvalid: /*i18n*/ { id: 'admin.client.role.invalid', message: 'Choose USER, OFFICER or REPORTER' },
  clientNotFound: /*i18n*/ { id: 'admin.client.not_found', message: 'Client not found.' },
  adminNotManaged: /*i18n*/ { id: 'admin.client.admin_not_managed', message: 'Administrators cannot be changed or disabled here.' },
  clientCreated: /*i18n*/ { id: 'admin.client.created', message: 'Client created.' },
  clientSaved: /*i18n*/ { id: 'admin.client.saved', message: 'Client saved.' },
  secretReset: /*i18n*/ { id: 'admin.client.secret_reset', message: 'A new secret was generated.' },
} as const satisfies Record<string, MessageDescriptor>;
