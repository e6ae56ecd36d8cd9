import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch, type FieldPath, type UseFormReturn } from 'react-hook-form';
import type { ClientInfo } from '#shared/contract/auth.ts';
import { singleParcelOnly } from '#shared/domain/wizard-rules.ts';
import { showToast } from '#web/components/ui/toast-store.ts';
import { useProfile } from '#web/lib/profile.ts';
import type { Draft } from '#web/offline/db.ts';
import type { WizardDraftData, WizardStep } from '#web/offline/draft-data.ts';
import { submitDraft } from '../offline/outbox.ts';
import { FORM_ERROR_KEY } from '../offline/send-outbox-row.ts';
import { useShipmentLabels } from '../components/use-shipment-labels.ts';
import { StepDelivery } from './step-delivery.tsx';
import { StepDestination } from './step-destination.tsx';
import { StepPackage } from './step-package.tsx';
import { StepRecipient } from './step-recipient.tsx';
import { StepServices } from './step-services.tsx';
import { StepSummary } from './step-summary.tsx';
import { focusFirstError } from './focus-first-error.ts';
import { useDraftAutosave } from './use-draft-autosave.ts';
import { useWizardErrors } from './use-wizard-errors.ts';
import { WizardTabs } from './wizard-tabs.tsx';
import { checkWizard, errorsOfStep, firstStepWithError, toFormErrors, type WizardErrors } from './wizard-values.ts';

/** The form values each step shows (their errors are cleared when the step is checked again). */
const STEP_FIELDS: Record<WizardStep, ReadonlyArray<FieldPath<WizardDraftData>>> = {
  1: ['country', 'product'],
  2: ['delivery', 'pickupAddressId'],
  3: ['recipient', 'pickupPoint'],
  4: ['package', 'parcels'],
  5: ['services'],
  6: [],
};

/**
 * The six-step wizard (spec section 2 "Wizard"). Its values are the draft's data, saved to
 * IndexedDB as the user types; Continue checks the current step with the same rules the server
 * applies, Finish checks them all and queues the submission in the outbox (sent by the sync
 * engine, now or when the connection is back). A draft the server rejected opens on the first
 * step with an error, the server's messages on their fields.
 *
 * A new shipment's draft (`isNew`) is only in memory until the user enters something; it is then
 * stored under its id and `onCreated` called (the page puts the id in its address).
 *
 * The page's address names the step (`urlStep`): the wizard opens on it, follows it when it
 * changes (the browser's Back and Forward) and reports each step change through `onStep`, to be
 * a new history entry (`replace` false) or to correct the address (the first step shown, a step
 * the address named that cannot be shown yet).
 */
export function ShipmentWizard({
  draft,
  client,
  onDone,
  isNew = false,
  onCreated,
  urlStep,
  onStep,
}: {
  draft: Draft;
  client: ClientInfo;
  onDone: () => void;
  isNew?: boolean;
  onCreated?: (id: string) => void;
  urlStep?: WizardStep | undefined;
  onStep?: (step: WizardStep, replace: boolean) => void;
}) {
  const { t } = useLingui();
  // onChange: an error shown by Continue or by the server goes as soon as its field is edited,
  // not when the field is left (which would shift the layout under the pointer).
  const form = useForm<WizardDraftData>({ defaultValues: draft.data, mode: 'onChange' });
  const { clearErrors, getValues } = form;
  // The server's answer to a rejected submission, as the draft was opened (the wizard is keyed by draft).
  const [rejected] = useState(() => (draft.status === 'rejected' && draft.errors ? toFormErrors(draft.errors) : null));
  const [failure, setFailure] = useState<string | null>(null);
  // The summary opens from the address only once it was reached (or the draft stood on step 5):
  // as its tab, which opens from step 5 only on a first walk.
  const shown = (target: WizardStep | undefined, reached: WizardStep): WizardStep | undefined => (target === 6 && reached < 5 ? reached : target);
  const [step, setStep] = useState<WizardStep>(() => (rejected ? (firstStepWithError(rejected) ?? draft.step) : (shown(urlStep, draft.step) ?? draft.step)));
  // (A refusal without fields opens on the summary: stepOfPath puts unknown paths on step 6.)
  // The furthest step reached: the tabs up to it stay completed, and once it is the summary, the
  // summary stays one click away (the summary's Edit does not make the user walk every step again).
  const [furthest, setFurthest] = useState<WizardStep>(() => Math.max(draft.step, step) as WizardStep);
  if (step > furthest) setFurthest(step);
  // The browser's Back and Forward change the address: the wizard shows the step it names.
  const [addressStep, setAddressStep] = useState(urlStep);
  if (urlStep !== addressStep) {
    setAddressStep(urlStep);
    const target = shown(urlStep, Math.max(step, furthest) as WizardStep);
    if (target !== undefined && target !== step) {
      setFailure(null);
      setStep(target);
    }
  }
  // A step change made here is a new history entry; the first step shown, or a corrected one, replaces the address's.
  const newEntry = useRef(false);
  const reportStep = useRef(onStep);
  useEffect(() => {
    reportStep.current = onStep;
  });
  useEffect(() => {
    if (step === urlStep) return;
    reportStep.current?.(step, !newEntry.current);
    newEntry.current = false;
  }, [step, urlStep]);
  // Opened by the summary's Edit: Continue checks the step and goes back to the summary.
  const [backToSummary, setBackToSummary] = useState(false);
  if (step === 6 && backToSummary) setBackToSummary(false);
  const [submitted, setSubmitted] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const cardRef = useRef<HTMLElement>(null);
  useSenderNamePrefill(form, draft, step === 4);
  const flush = useDraftAutosave(draft.id, form, step, !submitted, isNew && onCreated ? { clientId: draft.clientId, initial: draft.data, onCreated } : undefined);

  // Errors shown go as soon as their fields are right; once a step showing new errors has
  // rendered, the focus goes to its first field with an error, in the order they stand.
  const showFieldErrors = useWizardErrors(form, client.products);
  const focusError = useRef(false);
  const showErrors = useCallback(
    (errors: WizardErrors) => {
      showFieldErrors(errors);
      focusError.current = Object.keys(errors).length > 0;
    },
    [showFieldErrors],
  );
  useEffect(() => {
    if (!focusError.current || !cardRef.current) return;
    focusError.current = false;
    focusFirstError(cardRef.current);
  });

  // Once, on the fields it names (both dependencies are stable).
  useEffect(() => {
    if (rejected) showErrors(Object.fromEntries(Object.entries(rejected).filter(([path]) => path !== FORM_ERROR_KEY)));
  }, [rejected, showErrors]);

  // The stepper scrolls into view (WizardTabs); the heading only takes the focus.
  const goTo = (next: WizardStep) => {
    setFailure(null);
    if (next !== step) newEntry.current = true;
    setStep(next);
    headingRef.current?.focus({ preventScroll: true });
  };
  const edit = (target: WizardStep) => {
    setBackToSummary(true);
    goTo(target);
  };
  const following = (backToSummary ? 6 : Math.min(step + 1, 6)) as WizardStep;

  const next = () => {
    const errors = errorsOfStep(checkWizard(getValues(), client.products).errors, step);
    clearErrors([...STEP_FIELDS[step]]);
    if (Object.keys(errors).length > 0) {
      showErrors(errors);
      return;
    }
    goTo(following);
  };

  const finish = async () => {
    const { errors, payload } = checkWizard(getValues(), client.products);
    clearErrors();
    if (!payload) {
      const target = firstStepWithError(errors) ?? step;
      if (target !== step) newEntry.current = true;
      setStep(target);
      setFailure(t`Some details are missing or wrong. The marked fields show what to correct.`);
      showErrors(errors);
      return;
    }
    await flush();
    try {
      await submitDraft(draft.id, payload);
    } catch (error) {
      console.error('The submission could not be queued', error);
      setFailure(t`The shipment could not be saved in this browser. Your entries are kept; please try again.`);
      return;
    }
    setSubmitted(true);
    // Online the carrier's answer follows at once ("Shipment … created", with its label: the shell's
    // useAnnounceAccepted); offline the shipment is saved, not yet sent: information, not success.
    if (navigator.onLine) showToast(t`Shipment submitted. It appears in your list as soon as the carrier confirms it.`);
    else showToast(t`You are offline: the shipment waits in this browser and is sent as soon as the connection is back.`, 'info');
    onDone();
  };

  return (
    <FormProvider {...form}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (step === 6) void finish();
          else next();
        }}
      >
        <WizardTabs step={step} furthest={furthest} onSelect={goTo} errors={form.formState.errors} />
        {rejected && !submitted && (
          <div role="alert" className="alert alert-warning alert-soft flex flex-col items-start gap-1">
            <Trans>The carrier did not accept this shipment. Correct the marked fields and finish again.</Trans>
            {/* A refusal that names no field (FORM_ERROR_KEY) is shown here, as the server said it. */}
            {rejected[FORM_ERROR_KEY]?.map((message) => (
              <span key={message} className="text-sm">
                {message}
              </span>
            ))}
          </div>
        )}
        {failure && (
          <div role="alert" className="alert alert-error alert-soft">
            {failure}
          </div>
        )}
        {/* A field the focus moves to stays clear of the sticky header and of the action bar. */}
        <section
          ref={cardRef}
          className="card bg-base-100 shadow-sm [&_:is(input,select,textarea)]:scroll-mt-20 [&_:is(input,select,textarea)]:scroll-mb-24"
          aria-labelledby="wizard-step-title"
        >
          <div className="card-body gap-3 pb-8">
            <h2 id="wizard-step-title" ref={headingRef} tabIndex={-1} className="card-title text-lg outline-none">
              <StepTitle step={step} />
            </h2>
            {step === 1 && <StepDestination products={client.products} />}
            {step === 2 && <StepDelivery />}
            {step === 3 && <StepRecipient />}
            {step === 4 && <StepPackage />}
            {step === 5 && <StepServices />}
            {step === 6 && <StepSummary onEdit={edit} />}
          </div>
          {/* The actions stay at the bottom of the screen while the step scrolls (a short
              tablet or a phone), and at the card's foot once its end is in view. */}
          {!submitted && (
            <div className="sticky bottom-0 z-10 flex items-center justify-between gap-2 rounded-b-box border-t border-base-300 bg-base-100 px-4 py-3 sm:px-6">
              <button type="button" className="btn" disabled={step === 1} onClick={() => goTo((step - 1) as WizardStep)}>
                <Trans>Back</Trans>
              </button>
              {step < 6 ? (
                <button type="submit" className="btn btn-primary">
                  {backToSummary ? <Trans>Continue to summary</Trans> : <Trans>Continue</Trans>}
                </button>
              ) : (
                <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>
                  <Trans>Finish</Trans>
                </button>
              )}
            </div>
          )}
        </section>
      </form>
    </FormProvider>
  );
}

/** Step 3 names the sender for a return from Hungary; step 4 names the product. */
function StepTitle({ step }: { step: WizardStep }) {
  const [country, product] = useWatch<WizardDraftData, ['country', 'product']>({
    name: ['country', 'product'],
  });
  const labels = useShipmentLabels();
  switch (step) {
    case 1:
      return <Trans>Destination and product</Trans>;
    case 2:
      return <Trans>Delivery and pickup address</Trans>;
    case 3:
      return singleParcelOnly(country ?? '', product) ? <Trans>Sender</Trans> : <Trans>Recipient</Trans>;
    case 4: {
      const name = product ? labels.product[product] : '';
      return name ? <Trans>{name}: package details</Trans> : <Trans>Package details</Trans>;
    }
    case 5:
      return <Trans>Services</Trans>;
    case 6:
      return <Trans>Summary</Trans>;
  }
}

/**
 * The sender's name on the label starts as the company's name (the profile's) when the package
 * step is first shown on a draft that had none: not earlier (an untouched new wizard stores no
 * draft), and only once, so that a name the user changed or cleared stays as the user left it.
 */
function useSenderNamePrefill(form: UseFormReturn<WizardDraftData>, draft: Draft, onPackageStep: boolean) {
  const { getValues, setValue } = form;
  const companyName = useProfile().data?.company.name;
  const pending = useRef(draft.data.package?.label_sender_name === undefined);
  useEffect(() => {
    if (!onPackageStep || !companyName || !pending.current) return;
    pending.current = false;
    if (!getValues('package.label_sender_name')) setValue('package.label_sender_name', companyName, { shouldDirty: true });
  }, [onPackageStep, companyName, getValues, setValue]);
}
