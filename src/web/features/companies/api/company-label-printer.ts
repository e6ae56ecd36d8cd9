import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companyLabelPrinterEndpoint } from '#shared/contract/admin-companies.ts';
import type { LabelPrinter } from '#shared/domain/label-formats.ts';
import { api } from '#web/lib/api.ts';
import { companyKeys } from './company-keys.ts';
import { useRefreshCompany } from './use-refresh-company.ts';

/** Sets the company's label printer (issue 33; null: the office printer). */
export function useSetCompanyPrinter(companyId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: (labelPrinter: LabelPrinter | null) => api.call(companyLabelPrinterEndpoint, { params: { companyId }, body: { labelPrinter } }),
    onSuccess: (company) => {
      queryClient.setQueryData(companyKeys.detail(companyId), company);
      return refresh(companyId);
    },
  });
}
