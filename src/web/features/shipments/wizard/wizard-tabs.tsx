import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { FieldErrors } from 'react-hook-form';
import type { WizardDraftData, WizardStep } from '#web/offline/draft-data.ts';
import { stepOfPath } from './wizard-values.ts';

const STEPS: readonly WizardStep[] = [1, 2, 3, 4, 5, 6];

/** Whether an error tree (react-hook-form's, nested by path) holds at least one message. */
function holdsError(node: unknown): boolean {
  if (typeof node !== 'object' || node === null) return false;
  if ('type' in node && typeof node.type === 'string') return true;
  return Object.entries(node).some(([key, child]) => key !== 'ref' && holdsError(child));
}

/**
 * The wizard's six tabs (spec sections 2 and 4): each clickable, except the summary, which opens
 * from step 5, or from any step once it has been reached (the summary's Edit leaves it reachable);
 * active, completed (before the current step, or up to the furthest step reached) or inactive;
 * arrow keys move between them with wrap-around and a focused tab is activated at once. A tab
 * whose fields have errors says so. Each step change scrolls the current tab into view, below the
 * sticky header, so that on a short screen the user sees where she is. Below tablet width (768 px;
 * at 640 px the German names ran into each other) a line "Step 3 of 6 — Recipient" stands in.
 */
export function WizardTabs({
  step,
  furthest,
  onSelect,
  errors,
}: {
  step: WizardStep;
  furthest: WizardStep;
  onSelect: (step: WizardStep) => void;
  errors: FieldErrors<WizardDraftData>;
}) {
  const { t } = useLingui();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const labels: Record<WizardStep, string> = {
    1: t`Destination`,
    2: t`Delivery`,
    3: t`Recipient`,
    4: t`Package`,
    5: t`Services`,
    6: t`Summary`,
  };
  const withErrors = new Set(
    Object.entries(errors)
      .filter(([, node]) => holdsError(node))
      .map(([path]) => stepOfPath(path)),
  );
  const count = STEPS.length;
  const name = labels[step];
  const reachable = (target: WizardStep) => target !== 6 || step >= 5 || furthest === 6;

  // Up and down to the stepper's current tab, or on a phone (no tabs shown) to the step's line.
  const phoneLabel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const tab = refs.current[step - 1];
    const target = tab && tab.getClientRects().length > 0 ? tab : phoneLabel.current;
    target?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [step]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: 1,
      ArrowDown: 1,
      ArrowLeft: -1,
      ArrowUp: -1,
    };
    let target: number | undefined;
    if (event.key in moves) {
      target = step;
      do target = ((target - 1 + (moves[event.key] ?? 0) + STEPS.length) % STEPS.length) + 1;
      while (!reachable(target as WizardStep));
    } else if (event.key === 'Home') target = 1;
    else if (event.key === 'End') target = reachable(6) ? 6 : 5;
    if (target === undefined) return;
    event.preventDefault();
    onSelect(target as WizardStep);
    refs.current[target - 1]?.focus();
  };

  return (
    <nav aria-label={t`Steps`}>
      {/* A phone has no room for six named tabs (they scrolled sideways, cut mid-word): it says
          where the user is, with a bar for the way left; the tabs show from tablet width (768 px) up. */}
      <div ref={phoneLabel} className="flex scroll-mt-20 flex-col gap-1 md:hidden" data-testid="wizard-step-label">
        <p className="text-sm font-semibold">{t`Step ${step} of ${count} — ${name}`}</p>
        <progress className="progress progress-primary w-full" value={step} max={STEPS.length} aria-hidden="true" />
      </div>
      <div role="tablist" aria-orientation="horizontal" className="steps steps-horizontal w-full max-md:hidden" onKeyDown={onKeyDown}>
        {STEPS.map((target) => {
          const state = target === step ? 'active' : target < step || target <= furthest ? 'completed' : 'inactive';
          const hasError = withErrors.has(target);
          return (
            <button
              key={target}
              ref={(node) => {
                refs.current[target - 1] = node;
              }}
              type="button"
              role="tab"
              id={`wizard-tab-${target}`}
              aria-selected={target === step}
              aria-controls="wizard-step-title"
              aria-disabled={!reachable(target) || undefined}
              tabIndex={target === step ? 0 : -1}
              data-state={state}
              className={`step min-w-20 scroll-mt-20 text-sm ${state !== 'inactive' ? 'step-primary' : ''} ${hasError ? 'step-error' : ''} ${target === step ? 'font-semibold' : ''} ${reachable(target) ? 'cursor-pointer' : 'cursor-not-allowed opacity-60'}`}
              data-content={hasError ? '!' : state === 'completed' ? '✓' : String(target)}
              onClick={() => reachable(target) && onSelect(target)}
            >
              {labels[target]}
              {hasError && <span className="sr-only">{t`(has errors)`}</span>}
            </button>
          );
        })}
      </div>
    </nav>
  );
}
