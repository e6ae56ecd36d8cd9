import { useMutation } from '@tanstack/react-query';
import { bankAccountDeleteEndpoint, bankAccountSaveEndpoint, bankAccountUpdateEndpoint, type BankAccountInput } from '#shared/contract/admin-companies.ts';
import { api } from '#web/lib/api.ts';
import { useRefreshCompany } from './use-refresh-company.ts';

/** Adds a bank account, or (with an id) updates it. */
export function useSaveBankAccount(companyId: string) {
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: (account: BankAccountInput) =>
      account.id
        ? api.call(bankAccountUpdateEndpoint, { params: { companyId, ibanId: account.id }, body: account })
        : api.call(bankAccountSaveEndpoint, { params: { companyId }, body: account }),
    onSuccess: () => refresh(companyId),
  });
}

export function useDeleteBankAccount(companyId: string) {
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: (ibanId: string) => api.call(bankAccountDeleteEndpoint, { params: { companyId, ibanId } }),
    onSuccess: () => refresh(companyId),
  });
}
