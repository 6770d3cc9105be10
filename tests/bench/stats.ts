/** Percentile of a sample (nearest-rank). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(0, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[rank];
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;
export const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

export function printTable(title: string, rows: Array<[string, string]>): void {
  console.log(`\n${title}`);
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
}
