import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companyProductAddEndpoint, companyProductRemoveEndpoint } from '#shared/contract/admin-companies.ts';
import type { Product } from '#shared/domain/enums.ts';
import { api } from '#web/lib/api.ts';
import { companyKeys } from './company-keys.ts';
import { useRefreshCompany } from './use-refresh-company.ts';

export interface ProductCountry {
  product: Product;
  country: string;
  remove: boolean;
}

/** Adds (POST) or removes (DELETE) a country of a product of the company (spec section 4). */
export function useChangeProductCountry(companyId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: ({ product, country, remove }: ProductCountry) =>
      api.call(remove ? companyProductRemoveEndpoint : companyProductAddEndpoint, { params: { id: companyId }, query: { product, country } }),
    onSuccess: (company) => {
      queryClient.setQueryData(companyKeys.detail(companyId), company);
      return refresh(companyId);
    },
  });
}
