// What a bench reports to `npm run bench` (scripts/bench/all.ts): its figures against their goals
// and its correctness checks. Each call prints one line as well, so a bench run alone reads the same.
// When BENCH_FIGURES_FILE is set (the runner sets it), every record is appended to that file as one
// JSON line; the runner builds its table from them.
import { appendFileSync } from 'node:fs';

export interface Goal {
  /** `max`: the figure must be at most `value` (a time, a size); `min`: at least (a throughput). */
  kind: 'max' | 'min';
  value: number;
}

export interface FigureRecord {
  type: 'figure';
  bench: string;
  name: string;
  value: number;
  unit: string;
  goal?: Goal;
  met?: boolean;
}

export interface CheckRecord {
  type: 'check';
  bench: string;
  name: string;
  ok: boolean;
  detail?: string;
}

export type BenchRecord = FigureRecord | CheckRecord;

const file = process.env.BENCH_FIGURES_FILE;

function write(record: BenchRecord): void {
  if (file) appendFileSync(file, `${JSON.stringify(record)}\n`);
}

export function meets(value: number, goal: Goal): boolean {
  return goal.kind === 'max' ? value <= goal.value : value >= goal.value;
}

const goalText = (goal: Goal, unit: string) => `${goal.kind === 'max' ? '≤' : '≥'} ${goal.value} ${unit}`;

/** Reports one measured figure; answers whether it meets its goal (true when it has none). */
export function figure(bench: string, name: string, value: number, unit: string, goal?: Goal): boolean {
  const met = goal ? meets(value, goal) : undefined;
  write({ type: 'figure', bench, name, value, unit, ...(goal ? { goal, met } : {}) });
  const shown = Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 2 : 1);
  console.log(`[figure] ${name}: ${shown} ${unit}${goal ? ` (goal ${goalText(goal, unit)}: ${met ? 'met' : 'MISSED'})` : ''}`);
  return met ?? true;
}

/**
 * Reports one correctness check (no duplicate, nothing lost, counts agree). A failed check makes the
 * bench's result wrong whatever its speed: the bench must also exit non-zero.
 */
export function check(bench: string, name: string, ok: boolean, detail?: string): boolean {
  write({ type: 'check', bench, name, ok, ...(detail ? { detail } : {}) });
  console.log(`[check] ${name}: ${ok ? 'ok' : 'WRONG'}${detail ? ` (${detail})` : ''}`);
  return ok;
}
