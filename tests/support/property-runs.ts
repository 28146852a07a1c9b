/**
 * How many runs a property test makes. Each test names the runs of its deep check; the suite
 * makes a quarter of them (every run of the suite draws new inputs, so coverage still grows run
 * after run), and a deliberate deep run makes them all:
 *
 *     PROPERTY_RUNS=deep npx vitest run
 */
export function propertyRuns(deep: number): number {
  if (process.env.PROPERTY_RUNS === "deep") return deep;
  return Math.min(deep, Math.max(5, Math.ceil(deep / 4)));
}
