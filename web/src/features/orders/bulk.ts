import type { BulkAssignResult } from '@wh/contracts/orders/http';
import { noStockLabel } from './order-rows.ts';

// Bulk assign, deassign and cancel run one call per order and tolerate partial failure (spec section 4).

export type BulkVerb = 'assigned' | 'deassigned' | 'cancelled';

export interface BulkFailure {
  label: string;
  message: string;
}

export interface BulkOutcome {
  succeeded: number;
  failures: BulkFailure[];
  /** Orders done that have items no location holds ('#10004: 1 item without stock'). */
  noStock?: string[];
}

/** Runs `call` for each target, a few at a time, and collects every failure with its reason. */
export async function runBulk<T>(
  targets: readonly T[],
  call: (target: T) => Promise<unknown>,
  labelOf: (target: T) => string,
  concurrency = 4,
): Promise<BulkOutcome> {
  const failures: BulkFailure[] = [];
  let succeeded = 0;
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const target = targets[next++] as T;
      try {
        await call(target);
        succeeded += 1;
      } catch (error) {
        failures.push({ label: labelOf(target), message: error instanceof Error && error.message ? error.message : 'Request failed' });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, targets.length) }, worker));
  return { succeeded, failures };
}

/** 'N orders assigned successfully. M failed.' */
export function bulkSummary(verb: BulkVerb, outcome: BulkOutcome): string {
  return `${outcome.succeeded} orders ${verb} successfully. ${outcome.failures.length} failed.`;
}

/** The bulk-assign answer as the notice reports it: the successes, and each failure by order number. */
export function bulkOutcomeOf(answer: Pick<BulkAssignResult, 'succeeded' | 'results'>): BulkOutcome {
  const label = (r: BulkAssignResult['results'][number]) => r.order_number ?? `#${r.order_id}`;
  return {
    succeeded: answer.succeeded,
    failures: answer.results.filter((r) => !r.success).map((r) => ({ label: label(r), message: r.message })),
    noStock: answer.results.filter((r) => r.success && (r.no_stock_items ?? 0) > 0).map((r) => `${label(r)}: ${noStockLabel(r.no_stock_items ?? 0)}`),
  };
}
