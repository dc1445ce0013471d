// The one shape every benchmark returns, so `npm run bench` can print a single table.
export type BenchUnit = 'ms' | 's' | 'events/s' | 'cmd/s' | 'KB';

export interface BenchRow {
  // Section of the table: 'import', 'event-loop', 'commands', 'live', 'queries', 'rebuild', 'web'.
  group: string;
  // What was measured, e.g. 'GET /orders status=pending p95'.
  name: string;
  // Median over `runs` runs of the figure (p95 of a run for latency figures, throughput otherwise).
  median: number;
  unit: BenchUnit;
  runs: number;
  // A baseline measured in the same run, and median / baseline.
  baseline?: number;
  ratio?: number;
  // The target as text ('<= 50 ms', '<= 4x baseline', '>= 20000 events/s') and whether the figure meets it.
  target: string;
  pass: boolean;
}

export interface BenchContext {
  // A PostgreSQL server URL (any database); benchmarks create their own databases on it.
  pgUrl: string;
  // How many times each measurement is repeated (the median is reported).
  runs: number;
  log(message: string): void;
}

export type Bench = (ctx: BenchContext) => Promise<BenchRow[]>;
