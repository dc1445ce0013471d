import { sql, type Transaction } from 'kysely';
import type { Database } from '@wh/db';
import { countStreamId, type CountEvent, type CountScope, type CountSource, type CountTrigger } from '@wh/contracts';
import { foldStreams, nextIds, onStream, runCommand, type CommandContext, type CommandHandler, type CommandOutcome, type Executor } from '../../platform/command.ts';
import type { Actor } from '../../platform/auth.ts';
import { badRequest } from '../../platform/errors.ts';
import { isUniqueViolation, type EventMetadata } from '../../platform/event-store.ts';
import { applyStockMovements } from '../../platform/stock.ts';
import { countDecider, decideCount, type CountCommand, type CountState } from './decide.ts';
import { countSettings, counterExists, dueLocations, inOpenCounts, locationsInScope, usernameOf, type ChosenLocations } from './queries.ts';

// The counts' commands, each on one task's stream (`count-<id>`). A task claims its locations in
// count_open_locations (one open count a location) and frees each as it is approved; an automatic count claims its
// trigger in count_trigger_claims, a daily plan its day in count_plan_days, so a repeat of either creates nothing.

type Trx = Transaction<Database>;

export interface CountOutcome {
  count_id: number;
  events: CountEvent[];
  // Locations asked for that were in open counts already.
  skipped: number;
}

async function taskState(db: Executor, countId: number) {
  return (await foldStreams(db, countDecider, [countStreamId(countId)])).get(countStreamId(countId))!;
}

// ---------- Creating ----------

export interface CreateCountInput {
  source: CountSource;
  // Which locations: a manager's scope, or the locations an automatic count or the plan chose.
  scope: CountScope | ChosenLocations;
  reason: string | null;
  assignee_id: number | null;
  due: string | null;
  trigger: CountTrigger | null;
  // The local day a daily plan is for.
  plan_day?: string;
}

type CreateFacts =
  | { kind: 'repeat'; count_id: number }
  | { kind: 'problem'; problem: string }
  | { kind: 'new'; count_id: number; free: string[]; skipped: number; assignee_found: boolean };

const claimed = (error: unknown) => isUniqueViolation(error, 'count_open_locations_pkey') || isUniqueViolation(error, 'count_trigger_claims_pkey') || isUniqueViolation(error, 'count_plan_days_pkey');

export const createCount: CommandHandler<CreateCountInput, CountOutcome> = (ctx, input, metadata) => {
  const now = ctx.now();
  return runCommand<CreateFacts, CountOutcome, CountEvent>(
    ctx.db,
    {
      read: async (db): Promise<CreateFacts> => {
        // An automatic count or a plan already made answers what it made, and makes nothing.
        const repeat = input.trigger
          ? await db.selectFrom('count_trigger_claims').select('count_id').where('position', '=', input.trigger.position).executeTakeFirst()
          : input.plan_day
            ? await db.selectFrom('count_plan_days').select('count_id').where('day', '=', input.plan_day).executeTakeFirst()
            : undefined;
        if (repeat) return { kind: 'repeat', count_id: repeat.count_id ?? 0 };
        const wanted = await locationsInScope(db, input.scope, now);
        if (!Array.isArray(wanted)) return { kind: 'problem', problem: wanted.problem };
        const open = await inOpenCounts(db, wanted);
        const [countId] = await nextIds(db, 'count_id_seq', 1);
        const assigneeFound = input.assignee_id === null ? false : await counterExists(db, input.assignee_id);
        return { kind: 'new', count_id: countId!, free: wanted.filter((l) => !open.has(l)), skipped: open.size, assignee_found: assigneeFound };
      },
      decide: (facts) => {
        if (facts.kind === 'repeat') return { appends: [], result: { count_id: facts.count_id, events: [], skipped: 0 } };
        // A scope the rule refuses (a range the wrong way round), in its words.
        if (facts.kind === 'problem') throw badRequest(facts.problem);
        const command: CountCommand = {
          type: 'CreateCount',
          count_id: facts.count_id,
          source: input.source,
          reason: input.reason,
          locations: facts.free,
          skipped: facts.skipped,
          assignee_id: input.assignee_id,
          assignee_found: facts.assignee_found,
          due: input.due,
          trigger: input.trigger,
        };
        const events = decideCount(command, countDecider.initialState(), now);
        return { appends: [{ streamId: countStreamId(facts.count_id), expectedVersion: 0, events }], result: { count_id: facts.count_id, events, skipped: facts.skipped } };
      },
      appendWith: ({ result }, facts) => ({
        effects: async (trx: Trx) => {
          if (facts.kind !== 'new') return;
          await trx.insertInto('count_open_locations').values(facts.free.map((location) => ({ location, count_id: result.count_id }))).execute();
          if (input.trigger) await trx.insertInto('count_trigger_claims').values({ position: input.trigger.position, count_id: result.count_id }).execute();
          if (input.plan_day) await trx.insertInto('count_plan_days').values({ day: input.plan_day, count_id: result.count_id }).execute();
        },
      }),
      retryOn: claimed,
    },
    metadata,
  );
};

// ---------- Assigning ----------

// A command on one task's stream that reads nothing else but `facts`, answered as every count command is.
function onTask<F>(
  ctx: CommandContext,
  countId: number,
  metadata: EventMetadata,
  decide: (state: CountState, facts: F) => CountEvent[],
  facts: (db: Executor) => Promise<F>,
): Promise<CommandOutcome<CountOutcome>> {
  return runCommand(ctx.db, onStream({ streamId: countStreamId(countId), decider: countDecider, facts, decide }), metadata).then(({ result, append }) => ({
    result: { count_id: countId, events: result.events, skipped: 0 },
    append,
  }));
}

export const assignCount: CommandHandler<{ count_id: number; assignee_id: number | null }, CountOutcome> = (ctx, input, metadata) => {
  const now = ctx.now();
  return onTask(
    ctx,
    input.count_id,
    metadata,
    (state, assigneeFound: boolean) => decideCount({ type: 'AssignCount', count_id: input.count_id, assignee_id: input.assignee_id, assignee_found: assigneeFound }, state, now),
    async (db) => (input.assignee_id === null ? false : counterExists(db, input.assignee_id)),
  );
};

// ---------- Counting a location ----------

// What a location holds now, exactly: its stock rows locked in the one order (no take from them until the count
// commits), then its registry row (no units go in: incoming stock share-locks it), then its rows read again, a row
// created by stock that went in before the lock included. The count's event then follows every movement of the
// location before it in the store and precedes every one after: its expected quantities are the stock at that instant.
async function heldAt(trx: Trx, location: string): Promise<Map<string, { style_code: string; quantity: number }>> {
  await sql`select 1 from stock_levels where location = ${location} order by sku collate "C" for update`.execute(trx);
  await sql`select 1 from location_registry where code = ${location} for no key update`.execute(trx);
  const { rows } = await sql<{ sku: string; quantity: number; style_code: string | null }>`
    select s.sku, s.quantity, v.style_code
      from stock_levels s left join variant_registry v on v.sku = s.sku
     where s.location = ${location}
     order by s.sku collate "C"
       for update of s`.execute(trx);
  return new Map(rows.map((r) => [r.sku, { style_code: r.style_code ?? r.sku.split('-')[0]!, quantity: r.quantity }]));
}

export interface CountLocationInput {
  count_id: number;
  counter: Actor;
  location: string;
  lines: readonly { sku: string; counted: number }[];
  empty: boolean;
}

export const countLocation: CommandHandler<CountLocationInput, CountOutcome> = (ctx, input, metadata) => {
  const now = ctx.now();
  return runCommand(
    ctx.db,
    {
      locks: true,
      read: async (trx) => {
        const { version, state } = await taskState(trx, input.count_id);
        const skus = input.lines.map((l) => l.sku);
        const variants = skus.length === 0 ? [] : await trx.selectFrom('variant_registry').select(['sku', 'style_code']).where('sku', 'in', skus).execute();
        const inTask = state.status !== 'absent' && state.locations.some((l) => l.location === input.location);
        const held = inTask ? await heldAt(trx, input.location) : new Map<string, { style_code: string; quantity: number }>();
        const last = state.status === 'absent' ? undefined : state.locations.find((l) => l.location === input.location)?.rounds.at(-1);
        return {
          version,
          state,
          held,
          styles: new Map(variants.map((v) => [v.sku, v.style_code])),
          lastCounterName: await usernameOf(trx, last?.counted_by ?? null),
          settings: await countSettings(trx),
        };
      },
      decide: ({ version, state, held, styles, lastCounterName, settings }) => {
        const command: CountCommand = {
          type: 'CountLocation',
          count_id: input.count_id,
          location: input.location,
          counter: { id: input.counter.id, counts_any: input.counter.role === 'manager' },
          last_counter_name: lastCounterName,
          counted: input.lines.map((l) => ({ sku: l.sku, style_code: styles.get(l.sku) ?? null, counted: l.counted })),
          empty: input.empty,
          held,
          recount_over_units: settings.recount_over_units,
        };
        const events = decideCount(command, state, now);
        return { appends: [{ streamId: countStreamId(input.count_id), expectedVersion: version, events }], result: { count_id: input.count_id, events, skipped: 0 } };
      },
    },
    metadata,
  );
};

// ---------- Approving and sending back ----------

export const approveCount: CommandHandler<{ count_id: number; locations: readonly string[] | null }, CountOutcome> = (ctx, input, metadata) => {
  const now = ctx.now();
  return runCommand(
    ctx.db,
    {
      locks: true,
      read: (trx) => taskState(trx, input.count_id),
      decide: ({ version, state }) => {
        const events = decideCount({ type: 'ApproveCount', count_id: input.count_id, locations: input.locations }, state, now);
        return { appends: [{ streamId: countStreamId(input.count_id), expectedVersion: version, events }], result: { count_id: input.count_id, events, skipped: 0 } };
      },
      // The variances move stock as any movement does (a decrease refused past what the location holds now); the
      // approved locations leave the open counts.
      appendWith: ({ result }) => ({
        effects: async (trx: Trx) => {
          const approved = result.events.flatMap((e) => (e.type === 'CountApproved' ? [e] : []));
          for (const e of approved) {
            await applyStockMovements(trx, e.data.movements);
            await trx.deleteFrom('count_open_locations').where('count_id', '=', e.data.count_id).where('location', 'in', e.data.locations.map((l) => l.location)).execute();
          }
        },
      }),
    },
    metadata,
  );
};

export const sendBackCount: CommandHandler<{ count_id: number; locations: readonly string[]; note: string | null }, CountOutcome> = (ctx, input, metadata) => {
  const now = ctx.now();
  return onTask(
    ctx,
    input.count_id,
    metadata,
    (state) => decideCount({ type: 'SendBackCount', count_id: input.count_id, locations: input.locations, note: input.note }, state, now),
    async () => undefined,
  );
};

// ---------- The daily plan ----------

/** Today's plan (the local day given): a task of the locations due, made once a day however often it is asked. */
export const planCounts: CommandHandler<{ day: string }, CountOutcome> = async (ctx, input, metadata) => {
  const settings = await countSettings(ctx.db);
  const due = await dueLocations(ctx.db, settings);
  return createCount(
    ctx,
    { source: 'plan', scope: { kind: 'locations', locations: due }, reason: `Daily plan for ${input.day}`, assignee_id: null, due: input.day, trigger: null, plan_day: input.day },
    metadata,
  );
};
