import * as z from 'zod/mini';

const filter = z.optional(z.string().check(z.trim(), z.maxLength(200)));

/** GET /api/v1/admin/company/list filters (all optional, matched case-insensitively). */
export const companyListQuerySchema = z.object({
  name: filter,
  city: filter,
  country: filter,
  companyIdentificationNumber: filter,
});
export type CompanyListQuery = z.infer<typeof companyListQuerySchema>;

export const companyListItemSchema = z.object({ id: z.string(), name: z.string() });
export const companyListSchema = z.array(companyListItemSchema);
export type CompanyListItem = z.infer<typeof companyListItemSchema>;
