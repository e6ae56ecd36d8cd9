import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch, type FieldPath } from 'react-hook-form';
import type { ClientInfo } from '../../../../shared/contract/auth.ts';
import { singleParcelOnly } from '../../../../shared/domain/wizard-rules.ts';
import { showToast } from '../../../components/ui/toast-store.ts';
import type { Draft } from '../../../offline/db.ts';
import type { WizardDraftData, WizardStep } from '../../../offline/draft-data.ts';
import { submitDraft } from '../../../offline/outbox.ts';
import { FORM_ERROR_KEY } from '../../../offline/send-outbox-row.ts';
import { useShipmentLabels } from '../components/use-shipment-labels.ts';
import { StepDelivery } from './step-delivery.tsx';
import { StepDestination } from './step-destination.tsx';
import { StepPackage } from './step-package.tsx';
import { StepRecipient } from './step-recipient.tsx';
import { StepServices } from './step-services.tsx';
import { StepSummary } from './step-summary.tsx';
import { useDraftAutosave } from './use-draft-autosave.ts';
import { WizardTabs } from './wizard-tabs.tsx';
import { checkWizard, errorsOfStep, firstStepWithError, toFormErrors, type WizardErrors } from './wizard-values.ts';

/** An error on the parcel list itself (not one parcel) lives on the field array's root. */
const errorPath = (path: string) => (path === 'parcels' ? 'parcels.root' : path) as FieldPath<WizardDraftData>;

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
 */
export function ShipmentWizard({ draft, client, onDone }: { draft: Draft; client: ClientInfo; onDone: () => void }) {
  const { t } = useLingui();
  // onChange: an error shown by Continue or by the server goes as soon as its field is edited,
  // not when the field is left (which would shift the layout under the pointer).
  const form = useForm<WizardDraftData>({ defaultValues: draft.data, mode: 'onChange' });
  const { setError, clearErrors, getValues, setFocus } = form;
  // The server's answer to a rejected submission, as the draft was opened (the wizard is keyed by draft).
  const [rejected] = useState(() => (draft.status === 'rejected' && draft.errors ? toFormErrors(draft.errors) : null));
  const [step, setStep] = useState<WizardStep>(() => (rejected ? (firstStepWithError(rejected) ?? draft.step) : draft.step));
  // (A refusal without fields opens on the summary: stepOfPath puts unknown paths on step 6.)
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const flush = useDraftAutosave(draft.id, form, step, !submitted);

  // The field to focus once the step showing it has rendered.
  const focusAfterRender = useRef<FieldPath<WizardDraftData> | null>(null);
  const showErrors = useCallback(
    (errors: WizardErrors) => {
      for (const [path, ids] of Object.entries(errors)) setError(errorPath(path), { type: 'rules', message: ids[0] });
      const first = Object.keys(errors)[0];
      focusAfterRender.current = first ? errorPath(first) : null;
    },
    [setError],
  );
  useEffect(() => {
    const path = focusAfterRender.current;
    focusAfterRender.current = null;
    if (path) {
      try {
        setFocus(path);
      } catch {
        // Not a focusable input (a picker or the parcel list): the message is still shown.
      }
    }
  });

  // Once, on the fields it names (both dependencies are stable).
  useEffect(() => {
    if (rejected) showErrors(Object.fromEntries(Object.entries(rejected).filter(([path]) => path !== FORM_ERROR_KEY)));
  }, [rejected, showErrors]);

  const goTo = (next: WizardStep) => {
    setFailure(null);
    setStep(next);
    headingRef.current?.focus();
  };

  const next = () => {
    const errors = errorsOfStep(checkWizard(getValues(), client.products).errors, step);
    clearErrors([...STEP_FIELDS[step]]);
    if (Object.keys(errors).length > 0) {
      showErrors(errors);
      return;
    }
    goTo(Math.min(step + 1, 6) as WizardStep);
  };

  const finish = async () => {
    const { errors, payload } = checkWizard(getValues(), client.products);
    clearErrors();
    if (!payload) {
      setStep(firstStepWithError(errors) ?? step);
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
    showToast(
      navigator.onLine
        ? t`Shipment submitted. It appears in your list as soon as the carrier confirms it.`
        : t`You are offline: the shipment waits in this browser and is sent as soon as the connection is back.`,
    );
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
        <WizardTabs step={step} onSelect={goTo} errors={form.formState.errors} />
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
        <section className="card bg-base-100 shadow-sm" aria-labelledby="wizard-step-title">
          <div className="card-body gap-3">
            <h2 id="wizard-step-title" ref={headingRef} tabIndex={-1} className="card-title text-lg outline-none">
              <StepTitle step={step} />
            </h2>
            {step === 1 && <StepDestination products={client.products} />}
            {step === 2 && <StepDelivery onChosen={() => goTo(3)} />}
            {step === 3 && <StepRecipient />}
            {step === 4 && <StepPackage />}
            {step === 5 && <StepServices />}
            {step === 6 && <StepSummary onEdit={goTo} />}
          </div>
        </section>
        {!submitted && (
          <div className="flex items-center justify-between gap-2">
            <button type="button" className="btn" disabled={step === 1} onClick={() => goTo((step - 1) as WizardStep)}>
              <Trans>Back</Trans>
            </button>
            {step < 6 ? (
              <button type="submit" className="btn btn-primary">
                <Trans>Continue</Trans>
              </button>
            ) : (
              <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>
                <Trans>Finish</Trans>
              </button>
            )}
          </div>
        )}
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
