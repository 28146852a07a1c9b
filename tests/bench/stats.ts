/**
 * Runs `work` `count` times (after `warmup` runs) and answers per-call milliseconds; `prepare`
 * runs before each call, untimed (to put back what the previous call changed).
 */
export async function sample(
  count: number,
  work: (i: number) => unknown,
  warmup = Math.min(20, count),
  prepare?: (i: number) => unknown,
) {
  for (let i = 0; i < warmup; i++) {
    await prepare?.(i);
    await work(i);
  }
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    await prepare?.(i);
    const start = performance.now();
    await work(i);
    times.push(performance.now() - start);
  }
  return summary(times);
}

export function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), mean: sorted.reduce((a, b) => a + b, 0) / sorted.length };
}

export type Summary = ReturnType<typeof summary>;

export function row(name: string, s: Summary) {
  return `${name.padEnd(44)} n=${String(s.n).padStart(5)}  p50 ${s.p50.toFixed(2).padStart(8)} ms  p95 ${s.p95.toFixed(2).padStart(8)} ms`;
}

export const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`;
