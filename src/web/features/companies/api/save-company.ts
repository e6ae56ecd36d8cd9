import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  companyCreateEndpoint,
  companyDeleteEndpoint,
  companyUpdateEndpoint,
  type CompanyFieldsInput,
} from '#shared/contract/admin-companies.ts';
import { api } from '#web/lib/api.ts';
import { companyKeys } from './company-keys.ts';
import { useRefreshCompany } from './use-refresh-company.ts';

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: CompanyFieldsInput) => api.call(companyCreateEndpoint, { body: fields }),
    onSuccess: (company) => {
      queryClient.setQueryData(companyKeys.detail(company.id), company);
      return Promise.all([queryClient.invalidateQueries({ queryKey: companyKeys.lists() }), queryClient.invalidateQueries({ queryKey: companyKeys.setup() })]);
    },
  });
}

export function useUpdateCompany(id: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: (fields: CompanyFieldsInput) => api.call(companyUpdateEndpoint, { params: { id }, body: fields }),
    onSuccess: (company) => {
      queryClient.setQueryData(companyKeys.detail(id), company);
      return refresh(id);
    },
  });
}

/** The caller leaves the page first, then drops the detail (a refetch would answer 404). */
export function useDeleteCompany(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(companyDeleteEndpoint, { params: { id } }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: companyKeys.lists() }), queryClient.invalidateQueries({ queryKey: companyKeys.setup() })]),
  });
}
