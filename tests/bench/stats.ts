import { readFileSync } from "node:fs";

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

/**
 * CPU milliseconds this process's main thread has used (Linux: /proc, in clock ticks of 10 ms;
 * undefined elsewhere). Unlike `process.cpuUsage()` it leaves out the garbage collector's and
 * I/O threads, and unlike the event loop's utilisation it does not count the time the thread
 * waited for a core the machine's other work held: on a shared machine, what the thread's own
 * work costs.
 */
export function mainThreadCpuMs(): number | undefined {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}
