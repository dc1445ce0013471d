import { sql } from 'kysely';
import { localDay, type CountSource, type OrderEvent } from '@wh/contracts';
import type { AppContext } from '../../platform/app-context.ts';
import type { EventMetadata } from '../../platform/event-store.ts';
import { isDomainError } from '../../platform/errors.ts';
import type { InsufficientStockError } from '../../platform/stock.ts';
import { createCount, planCounts } from './commands.ts';
import { countSettings } from './queries.ts';

// Counts that start by themselves, run beside the commands as their own consumer: a short pick or units missing at
// verification queue a count of the locations concerned, and, when a manager has turned it on, each local day gets its
// plan. A triggering event is claimed by its global position (count_trigger_claims), in the transaction that creates
// its task or alone when there is nothing to count, so a replay, a restart or a second instance counts nothing twice;
// a day's plan is claimed by its day (count_plan_days).

const BATCH = 50;

// The events that set off a count (db/migrations/220's events_count_triggers index holds them).
type Trigger = Extract<OrderEvent, { type: 'OrderItemShortPicked' | 'OrderHoldResolved' }>;

const plural = (n: number, word: string) => `${n} ${n === 1 ? word : `${word}s`}`;

// What a triggering event asks to count, and why.
function countOf(event: Trigger): { source: CountSource; locations: string[]; reason: string; sku: string | null } {
  switch (event.type) {
    case 'OrderItemShortPicked': {
      const d = event.data;
      return { source: 'short_pick', locations: d.looked_in, reason: `Short pick: ${plural(d.short_quantity, 'unit')} of ${d.sku} not found for order ${d.order_number}`, sku: d.sku };
    }
    case 'OrderHoldResolved': {
      const missing = event.data.lines.filter((l) => l.missing > 0 && l.location !== null);
      return {
        source: 'discrepancy',
        locations: missing.map((l) => l.location!),
        reason: `Missing at verification: ${missing.map((l) => `${plural(l.missing, 'unit')} of ${l.sku}`).join(', ')} for order ${event.data.order_number}`,
        sku: missing[0]?.sku ?? null,
      };
    }
    default: {
      const exhaustive: never = event;
      throw new Error(`not a count trigger ${JSON.stringify(exhaustive)}`);
    }
  }
}

const SYSTEM: Omit<EventMetadata, 'correlation_id'> = { actor_id: null, actor_role: 'system', causation_id: null, client_ip: null };

/** Queues a count for every triggering event not yet claimed; the number of events handled. */
export async function reactToTriggers(ctx: Pick<AppContext, 'db' | 'now' | 'sessionCache'>): Promise<number> {
  const { rows } = await sql<{ position: string; event_type: Trigger['type']; data: Trigger['data'] }>`
    select e.global_position::text as position, e.event_type, e.data
      from events e
     where e.event_type in ('OrderItemShortPicked', 'OrderHoldResolved')
       and not exists (select from count_trigger_claims c where c.position = e.global_position)
     order by e.global_position
     limit ${BATCH}`.execute(ctx.db);
  for (const row of rows) {
    const event = { type: row.event_type, data: row.data } as Trigger;
    const wanted = countOf(event);
    const trigger = { position: row.position, order_id: event.data.order_id, order_number: event.data.order_number, sku: wanted.sku };
    const metadata = { ...SYSTEM, correlation_id: `count-trigger-${row.position}`, causation_id: row.position };
    try {
      await createCount(ctx, { source: wanted.source, scope: { kind: 'locations', locations: wanted.locations }, reason: wanted.reason, assignee_id: null, due: null, trigger }, metadata);
    } catch (error) {
      // Nothing to count (its locations in open counts, or none a count takes): claimed with no task.
      if (!isDomainError(error)) throw error;
      await ctx.db.insertInto('count_trigger_claims').values({ position: row.position, count_id: null }).onConflict((oc) => oc.column('position').doNothing()).execute();
    }
  }
  return rows.length;
}

/**
 * A pick refused because its location lacks the units (InsufficientStockError) queues a count of that location. A
 * refusal records no event, so this runs on the refusal itself; a location already in an open count counts nothing.
 */
export async function countAfterRefusal(ctx: Pick<AppContext, 'db' | 'now' | 'sessionCache'>, refusal: InsufficientStockError): Promise<void> {
  const reason = `Pick refused: ${plural(refusal.requested, 'unit')} of ${refusal.sku} wanted at ${refusal.location}, ${refusal.available} there`;
  const metadata = { ...SYSTEM, correlation_id: `count-refusal-${refusal.location}` };
  try {
    await createCount(ctx, { source: 'pick_refused', scope: { kind: 'locations', locations: [refusal.location] }, reason, assignee_id: null, due: null, trigger: null }, metadata);
  } catch (error) {
    if (!isDomainError(error)) throw error;
  }
}

/** Makes today's plan once a manager has turned the daily plan on; nothing when it is made or nothing is due. */
export async function planToday(ctx: Pick<AppContext, 'db' | 'now' | 'sessionCache' | 'config'>): Promise<void> {
  if (!(await countSettings(ctx.db)).daily_plan) return;
  const day = localDay(ctx.now(), ctx.config.WAREHOUSE_TIMEZONE);
  const made = await ctx.db.selectFrom('count_plan_days').select('day').where('day', '=', day).executeTakeFirst();
  if (made) return;
  try {
    await planCounts(ctx, { day }, { ...SYSTEM, correlation_id: `count-plan-${day}` });
  } catch (error) {
    if (!isDomainError(error)) throw error;
  }
}

/**
 * Runs the reactions every `intervalMs` and whenever an order changes (a short pick, a resolved hold), one run at a
 * time; the returned function stops them. A failed run is logged and tried again at the next.
 */
export function startCountReactions(ctx: AppContext, intervalMs: number, log: (error: unknown) => void): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          while ((await reactToTriggers(ctx)) === BATCH);
          await planToday(ctx);
        } while (again);
      } catch (error) {
        log(error);
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  const off = ctx.watcher.onChange((notice) => {
    if (notice.topics.some((t) => t === 'orders' || t.startsWith('order:'))) run();
  });
  run();
  return async () => {
    clearInterval(timer);
    off();
    await running;
  };
}
