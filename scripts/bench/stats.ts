// Small timing helpers for the benchmarks: run a call repeatedly, answer percentiles, print tables.

/** Nearest-rank percentile of `values` (p in 0..100). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

export interface Timing {
  runs: number;
  p50: number;
  p95: number;
  max: number;
}

/** Calls `fn(i)` `warmup` times untimed, then `runs` times timed one after the other (ms). */
export async function time(fn: (i: number) => Promise<unknown>, runs: number, warmup: number): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn(i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn(i);
    samples.push(performance.now() - started);
  }
  return { runs, p50: percentile(samples, 50), p95: percentile(samples, 95), max: Math.max(...samples) };
}

export const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');

/** A plain-text table: first column left-aligned, the others right-aligned. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
