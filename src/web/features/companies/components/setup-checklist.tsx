import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { SETUP_STEPS, type SetupStatus, type SetupStep } from '#shared/contract/admin-setup.ts';
import { useDeviceSetting } from '#web/lib/use-device-setting.ts';
import { useSetupStatus } from '../api/get-setup-status.ts';

/** Where each step is done on the company page: the id of its section's heading. */
const STEP_ANCHOR: Record<Exclude<SetupStep, 'company'>, string> = {
  product: 'products-title',
  bankAccount: 'bank-accounts-title',
  pickupAddress: 'pickup-addresses-title',
  client: 'clients-title',
  partner: 'pickup-addresses-title',
};

const HIDDEN_KEY = 'setup-checklist-hidden';

/**
 * The admin's first-run checklist (issue 31): company → products → bank account → pickup address
 * → client → partner, each step linked to the screen where it is done and ticked once the server
 * has it. Shown on the company list and on the company it follows until every step is done, or
 * until the admin hides it on this device.
 */
export function SetupChecklist({ onAddCompany, onCompanyPage }: { onAddCompany?: () => void; onCompanyPage?: string }) {
  const { data: status } = useSetupStatus();
  const [hidden, setHidden] = useDeviceSetting(HIDDEN_KEY);
  if (!status || hidden === '1' || SETUP_STEPS.every((step) => status.done[step])) return null;
  if (onCompanyPage !== undefined && status.company?.id !== onCompanyPage) return null;
  return <Checklist status={status} onAddCompany={onAddCompany} onHide={() => setHidden('1')} />;
}

function Checklist({ status, onAddCompany, onHide }: { status: SetupStatus; onAddCompany: (() => void) | undefined; onHide: () => void }) {
  const { t } = useLingui();
  const doneCount = SETUP_STEPS.filter((step) => status.done[step]).length;
  const stepCount = SETUP_STEPS.length;
  const companyName = status.company?.name;
  const next = SETUP_STEPS.find((step) => !status.done[step]);
  const texts: Record<SetupStep, { title: string; hint: string; action: string }> = {
    company: { title: t`Add the client's company`, hint: t`Its name, address and identifiers as its invoices show them.`, action: t`Add company` },
    product: { title: t`Choose its products per country`, hint: t`Which services the company may send to which countries.`, action: t`Choose products` },
    bankAccount: { title: t`Enter its bank account`, hint: t`The IBAN that cash on delivery collected for the company is paid to.`, action: t`Add bank account` },
    pickupAddress: { title: t`Add a pickup address`, hint: t`Where the carrier collects the parcels, and on which weekdays.`, action: t`Add address` },
    client: { title: t`Register a client`, hint: t`The sign-in of the company's staff, put on its pickup addresses. Its secret is shown once.`, action: t`Add client` },
    partner: {
      title: t`Choose delivery partners (optional)`,
      hint: t`Who carries the parcels from the pickup address. Without a choice, the first partner of the priority list carries them.`,
      action: t`Choose partners`,
    },
  };

  return (
    <section aria-labelledby="setup-checklist-title" className="card border border-primary/30 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id="setup-checklist-title" className="card-title text-lg">
              <Trans>First steps: ready for the first client</Trans>
            </h2>
            <p className="text-sm text-base-content/70">
              {companyName !== undefined ? (
                <Trans>
                  For {companyName}: {doneCount} of {stepCount} done.
                </Trans>
              ) : (
                <Trans>
                  {doneCount} of {stepCount} done.
                </Trans>
              )}
            </p>
          </div>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onHide}>
            <Trans>Hide the checklist</Trans>
          </button>
        </div>
        <progress className="progress progress-primary w-full" value={doneCount} max={SETUP_STEPS.length} aria-label={t`Steps done`} />
        <ol className="flex flex-col gap-2">
          {SETUP_STEPS.map((step, index) => {
            const done = status.done[step];
            const text = texts[step];
            return (
              <li key={step} className="flex items-start gap-3" aria-current={step === next ? 'step' : undefined}>
                <span
                  className={`mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${done ? 'bg-success text-success-content' : step === next ? 'bg-primary text-primary-content' : 'bg-base-200'}`}
                  aria-hidden="true"
                >
                  {done ? '✓' : index + 1}
                </span>
                <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
                  <div className="min-w-0">
                    <p className="font-medium">
                      {text.title}
                      <span className="sr-only">{done ? t`(done)` : t`(to do)`}</span>
                    </p>
                    <p className="text-sm text-base-content/70">{text.hint}</p>
                  </div>
                  {!done && <StepAction step={step} status={status} label={text.action} primary={step === next} onAddCompany={onAddCompany} />}
                </div>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}

function StepAction({ step, status, label, primary, onAddCompany }: { step: SetupStep; status: SetupStatus; label: string; primary: boolean; onAddCompany: (() => void) | undefined }) {
  const className = `btn btn-sm shrink-0 ${primary ? 'btn-primary' : 'btn-outline'}`;
  if (step === 'company') {
    return onAddCompany ? (
      <button type="button" className={className} onClick={onAddCompany}>
        {label}
      </button>
    ) : (
      <Link to="/company" className={className}>
        {label}
      </Link>
    );
  }
  // A step of the company: on its page, at the section where it is done.
  if (!status.company) return null;
  return (
    <Link to="/company/$id" params={{ id: status.company.id }} hash={STEP_ANCHOR[step]} className={className}>
      {label}
    </Link>
  );
}
