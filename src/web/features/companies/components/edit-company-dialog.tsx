import { Trans, useLingui } from '@lingui/react/macro';
import type { Company } from '#shared/contract/admin-companies.ts';
import { showToast } from '#web/components/ui/toast-store.ts';
import { useUpdateCompany } from '../api/save-company.ts';
import { CompanyForm } from './company-form.tsx';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';

export function EditCompanyDialog({ company, open, onClose }: { company: Company; open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const update = useUpdateCompany(company.id);
  return (
    <FormDialog open={open} title={t`Edit company`} onClose={onClose} wide>
      <CompanyForm
        company={company}
        submitLabel={<Trans>Save</Trans>}
        onCancel={onClose}
        onSubmit={async (fields) => {
          await update.mutateAsync(fields);
          showToast(t`Company saved.`);
          onClose();
        }}
      />
    </FormDialog>
  );
}
