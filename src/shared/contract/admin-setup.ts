// The carrier admin's first-run checklist (issue 31): what an installation still needs before its
// first client can ship, in the order the screens depend on each other. It follows the oldest
// client company (the one a new installation's admin creates first); once that company has every
// step, the checklist is done for good.
import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';

/** The steps in their order: each screen needs the one before it (a client is put on a pickup address). */
export const SETUP_STEPS = ['company', 'product', 'bankAccount', 'pickupAddress', 'client', 'partner'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export const setupStatusSchema = z.object({
  /** The company the steps after the first are about; null before the first client company exists. */
  company: z.nullable(z.object({ id: z.string(), name: z.string() })),
  /** Each step, done or not. */
  done: z.object({
    company: z.boolean(),
    product: z.boolean(),
    bankAccount: z.boolean(),
    pickupAddress: z.boolean(),
    client: z.boolean(),
    /** A delivery partner chosen for a pickup address (without one, the default partner carries). */
    partner: z.boolean(),
  }),
});
export type SetupStatus = z.infer<typeof setupStatusSchema>;

/** Not in the spec: the first-run checklist's state (ADMIN). */
export const setupStatusEndpoint = endpoint({
  method: 'GET',
  path: '/api/v1/admin/setup',
  access: 'admin',
  companyData: 'caller',
  answer: setupStatusSchema,
});
