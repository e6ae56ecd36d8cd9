import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, type CSSProperties } from 'react';
import { LABEL_A4_POSITIONS } from '#shared/domain/limits.ts';
import type { LabelStart } from '../api/download-labels.ts';

/** Time to see the chosen quarter highlighted before the popover closes after a click or tap. */
const CLOSE_AFTER_PICK_MS = 150;

/**
 * Where the bulk labels start on the first A4 sheet (four A6 labels in reading order): on a
 * half-used sheet the office picks the first free quarter. A popover beside the labels button
 * draws the sheet as four radios; the quarters before the chosen one are marked as used. Arrow
 * keys move between the radios; a click or tap also closes the popover, Escape or a click outside too.
 */
export function LabelStartPicker({ value, onChange, disabled = false }: { value: LabelStart; onChange: (start: LabelStart) => void; disabled?: boolean }) {
  const { t } = useLingui();
  const popoverRef = useRef<HTMLDivElement>(null);
  const id = `label-start-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const anchor = `--${id}`;
  const names: Record<LabelStart, string> = { 1: t`top left`, 2: t`top right`, 3: t`bottom left`, 4: t`bottom right` };
  const current = names[value];

  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-sm join-item gap-1 px-2"
        popoverTarget={id}
        disabled={disabled}
        style={{ anchorName: anchor } as CSSProperties}
        aria-haspopup="dialog"
        aria-label={t`First label on the sheet: ${value}, ${current}`}
        title={t`First label on the sheet: ${value}, ${current}`}
      >
        <SheetIcon position={value} />
        <span className="tabular-nums">{value}</span>
      </button>
      <div
        ref={popoverRef}
        id={id}
        popover="auto"
        role="dialog"
        aria-label={t`First label on the sheet`}
        className="dropdown z-50 w-60 rounded-box bg-base-100 p-3 shadow-lg"
        style={{ positionAnchor: anchor } as CSSProperties}
      >
        <fieldset>
          <legend className="mb-1 text-sm font-semibold">
            <Trans>Start printing at</Trans>
          </legend>
          <p className="mb-2 text-xs text-base-content/70">
            <Trans>Four labels fit on an A4 sheet. On a half-used sheet, choose the first free one.</Trans>
          </p>
          <div className="mx-auto grid w-36 grid-cols-2 gap-1 rounded-sm border border-base-300 bg-base-200 p-1">
            {LABEL_A4_POSITIONS.map((p) => {
              const used = p < value;
              const chosen = p === value;
              return (
                <label
                  key={p}
                  className={`flex aspect-[105/148] cursor-pointer flex-col items-center justify-center gap-1 rounded-sm border text-xs ${
                    chosen
                      ? 'border-primary bg-primary/10 font-semibold'
                      : used
                        ? 'border-dashed border-base-300 bg-base-300/60 text-base-content/50'
                        : 'border-base-300 bg-base-100'
                  }`}
                  onClick={(event) => {
                    // detail 0: a click the arrow keys made; keep the popover open for the keyboard.
                    if (event.detail > 0) setTimeout(() => popoverRef.current?.hidePopover(), CLOSE_AFTER_PICK_MS);
                  }}
                >
                  <input type="radio" className="radio radio-primary radio-xs" name={id} value={p} checked={chosen} onChange={() => onChange(p)} aria-label={`${p}, ${names[p]}`} />
                  <span className="text-base tabular-nums">{p}</span>
                  {used && (
                    <span>
                      <Trans>used</Trans>
                    </span>
                  )}
                </label>
              );
            })}
          </div>
        </fieldset>
      </div>
    </>
  );
}

/** An A4 sheet with the chosen quarter filled. */
function SheetIcon({ position }: { position: LabelStart }) {
  const x = position % 2 === 1 ? 5 : 13;
  const y = position <= 2 ? 4 : 13;
  return (
    <svg xmlns="http://www.w3.org/2000/svg" className="h-4 w-4" viewBox="0 0 24 24" fill="none" stroke="currentColor" aria-hidden="true">
      <rect x="4" y="3" width="16" height="18" rx="1" strokeWidth="1.5" />
      <path d="M12 3v18M4 12h16" strokeWidth="1" />
      <rect x={x} y={y} width="6" height="7" fill="currentColor" stroke="none" />
    </svg>
  );
}
