import { Trans, useLingui } from '@lingui/react/macro';
import { showToast } from '#web/components/ui/toast-store.ts';
import type { Company } from '#shared/contract/admin-companies.ts';
import { useCreateCompany } from '../api/save-company.ts';
import { CompanyForm } from './company-form.tsx';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';

/** "Add company": on success the caller goes to the new company's page. */
export function AddCompanyDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (company: Company) => void }) {
  const { t } = useLingui();
  const create = useCreateCompany();
  return (
    <FormDialog open={open} title={t`Add company`} onClose={onClose} wide>
      <CompanyForm
        submitLabel={<Trans>Add company</Trans>}
        onCancel={onClose}
        onSubmit={async (fields) => {
          const company = await create.mutateAsync(fields);
          showToast(t`Company created.`);
          onCreated(company);
        }}
      />
    </FormDialog>
  );
}
