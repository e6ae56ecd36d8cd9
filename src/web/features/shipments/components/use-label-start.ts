import { useState } from 'react';
import { LABEL_A4_POSITIONS } from '#shared/domain/limits.ts';
import type { LabelStart } from '../api/download-labels.ts';

/** The first free quarter of the A4 sheet in the printer, remembered on this device between visits. */
export const LABEL_START_KEY = 'label-start';

export function readLabelStart(): LabelStart {
  try {
    const stored = Number(localStorage.getItem(LABEL_START_KEY));
    return LABEL_A4_POSITIONS.find((p) => p === stored) ?? 1;
  } catch {
    return 1;
  }
}

function storeLabelStart(start: LabelStart): void {
  try {
    if (start === 1) localStorage.removeItem(LABEL_START_KEY);
    else localStorage.setItem(LABEL_START_KEY, String(start));
  } catch {
    // storage unavailable (private mode, quota): the choice lasts for this page only
  }
}

export function useLabelStart(): [LabelStart, (start: LabelStart) => void] {
  const [start, setStart] = useState<LabelStart>(readLabelStart);
  return [
    start,
    (next: LabelStart) => {
      storeLabelStart(next);
      setStart(next);
    },
  ];
}
