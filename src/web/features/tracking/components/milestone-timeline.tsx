import { useLingui } from '@lingui/react/macro';
import { useFormat } from '#web/lib/format.ts';
import type { MilestoneStep } from '../milestone-steps.ts';
import { useMilestoneLabels } from './use-milestone-labels.ts';

/** The milestones as a timeline (vertical on phones, across on wider screens), reached ones marked with their time. */
export function MilestoneTimeline({ steps }: { steps: readonly MilestoneStep[] }) {
  const { t } = useLingui();
  const labels = useMilestoneLabels();
  const format = useFormat();
  return (
    <ol
      className="timeline timeline-vertical timeline-compact -ml-1 md:timeline-horizontal md:ml-0 md:*:flex-1 md:*:[--timeline-row-start:0] md:*:[--timeline-col-start:minmax(0,1fr)]"
      aria-label={t`Progress`}
    >
      {steps.map((step, index) => (
        <li key={step.milestone} aria-current={step.current ? 'step' : undefined}>
          {index > 0 && <hr className={step.reached ? 'bg-primary' : ''} />}
          <div className="timeline-middle flex h-7 w-7 items-center justify-center">
            <MilestoneMark reached={step.reached} current={step.current} />
          </div>
          <div className={`timeline-end py-2 md:px-1 md:text-center ${step.reached ? '' : 'text-base-content/70'}`}>
            <p className={step.current ? 'font-semibold' : ''}>
              {labels[step.milestone]}
              <span className="sr-only">{step.reached ? ` (${t`reached`})` : ` (${t`not yet`})`}</span>
            </p>
            {step.at && (
              <time dateTime={step.at} className="block text-sm text-base-content/70 tabular-nums">
                {format.dateTime(step.at)}
              </time>
            )}
          </div>
          {index < steps.length - 1 && <hr className={steps[index + 1]?.reached ? 'bg-primary' : ''} />}
        </li>
      ))}
    </ol>
  );
}

function MilestoneMark({ reached, current }: { reached: boolean; current: boolean }) {
  if (!reached) {
    return (
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20" className="h-5 w-5 text-base-content/30" aria-hidden="true">
        <circle cx="10" cy="10" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
    );
  }
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20" fill="currentColor" className={`text-primary ${current ? 'h-7 w-7' : 'h-5 w-5'}`} aria-hidden="true">
      <path
        fillRule="evenodd"
        d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.857-9.809a.75.75 0 0 0-1.214-.882l-3.483 4.79-1.88-1.88a.75.75 0 1 0-1.06 1.061l2.5 2.5a.75.75 0 0 0 1.137-.089l4-5.5Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
