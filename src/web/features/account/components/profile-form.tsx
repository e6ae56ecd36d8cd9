import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { profileUpdateSchema, type Profile, type ProfileUpdate } from '#shared/contract/profile.ts';
import { accountMessages as acm } from '#shared/i18n/account-messages.ts';
import { formFailureText } from '#web/components/form/server-errors.ts';
import { TextField } from '#web/components/form/text-field.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { ApiError } from '#web/lib/api-error.ts';
import { countryName } from '#web/lib/country-names.ts';
import { currentLanguage } from '#web/lib/i18n.ts';
import { useUpdateProfile } from '../api/account.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';

const FIELDS = ['name', 'email', 'phone'] as const;

/** /user/settings: the caller's own name, email and phone; the company's data is shown, not edited (the carrier keeps it). */
export function ProfileForm({ profile, onChangePassword }: { profile: Profile; onChangePassword: () => void }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileUpdate>({ resolver: zodResolver(profileUpdateSchema), defaultValues: { name: profile.name, email: profile.email, phone: profile.phone } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await update.mutateAsync(values);
      showToast(i18n._(acm.profileSaved));
      await navigate({ to: '/shipments' });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.isOffline) {
        setFailure(t`You are offline. Your changes are still in the form: save them when you are back online.`);
        return;
      }
      const notOnFields = formFailureText(error, FIELDS, setError, error.message);
      if (notOnFields) setFailure(notOnFields);
    }
  });

  const company = profile.company;
  const companyRows: Array<[string, string]> = [
    [t`Company`, company.name],
    [t`Street`, company.street],
    [t`City`, company.city],
    [t`ZIP`, company.zip],
    [t`Country`, countryName(company.country, currentLanguage())],
    [t`Company ID`, company.company_identification_number],
    [t`Tax ID`, company.tax_identification_number],
    [t`VAT ID`, company.vat_identification_number || '—'],
  ];

  return (
    <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
      <form onSubmit={onSubmit} noValidate className="card bg-base-100 shadow-sm" aria-labelledby="profile-title">
        <div className="card-body gap-2 p-4 sm:p-6">
          <div className="flex items-center gap-4">
            <Avatar name={profile.name} size="lg" />
            <h2 id="profile-title" className="card-title min-w-0 break-words">
              <Trans>Your profile</Trans>
            </h2>
          </div>
          {failure && (
            <div role="alert" className="alert alert-error alert-soft whitespace-pre-line">
              {failure}
            </div>
          )}
          <TextField label={t`Name`} registration={register('name')} error={errors.name} autoComplete="name" />
          <TextField label={t`Email`} registration={register('email')} error={errors.email} type="email" autoComplete="email" />
          <TextField label={t`Phone`} registration={register('phone')} error={errors.phone} type="tel" autoComplete="tel" />
          <div className="card-actions mt-2 flex-wrap justify-between gap-2">
            <button type="button" className="btn btn-outline" onClick={onChangePassword}>
              <Trans>Change password</Trans>
            </button>
            <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
              {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              <Trans>Save</Trans>
            </button>
          </div>
        </div>
      </form>
      <section className="card bg-base-100 shadow-sm" aria-labelledby="company-title">
        <div className="card-body gap-2 p-4 sm:p-6">
          <h2 id="company-title" className="card-title">
            <Trans>Your company</Trans>
          </h2>
          <p className="text-sm text-base-content/70">
            <Trans>The carrier keeps your company's details. Ask your contact at the carrier to change them.</Trans>
          </p>
          <dl className="grid grid-cols-1 content-start gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
            {companyRows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-sm text-base-content/70">{label}</dt>
                <dd className="mb-1 min-w-0 break-words sm:mb-0">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
    </div>
  );
}
