import { z } from 'zod';
import { codeInput, locationCodeProblem, skuProblem } from '../platform/codes.ts';
import { paginationSchema } from '../platform/http.ts';
import { bodyInt, idText, pageQuery } from '../platform/input.ts';
import { COUNT_SOURCES, varianceLineSchema } from './events.ts';

// The cycle counts' API: a manager's tasks and approvals, a counter's blind counting. No answer to a counter carries
// an expected quantity (countTaskForCounterSchema, countedAnswerSchema): the server keeps what it expects to itself.

export const MAX_COUNT_LOCATIONS = 500;
export const MAX_COUNTED_LINES = 500;
export const COUNTS_PER_PAGE = 20;

const locationCode = codeInput(locationCodeProblem, 'Please scan or type a location');
const note = z.string().trim().max(1000, 'The note must be at most 1000 characters').nullable().default(null);
const localDate = z
  .string({ error: 'The due date must be a date (YYYY-MM-DD)' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'The due date must be a date (YYYY-MM-DD)')
  .nullable()
  .default(null);
const assignee = bodyInt({ min: 1, message: 'Please choose who counts' }).nullable().default(null);

// ---------- Settings ----------

export const countSettingsSchema = z.object({
  // The daily plan makes a count task each local day by itself (a manager can always plan a day from the screen).
  daily_plan: z.boolean(),
  // Every location is counted at least this often by the daily plan.
  every_days: z.number().int().min(1).max(365),
  // At most this many locations a day in the plan.
  daily_cap: z.number().int().min(1).max(MAX_COUNT_LOCATIONS),
  // A count whose variance (units over and under, summed) is above this asks for a recount by someone else.
  recount_over_units: z.number().int().min(0).max(1_000_000),
});
export type CountSettings = z.infer<typeof countSettingsSchema>;
export const DEFAULT_COUNT_SETTINGS: CountSettings = { daily_plan: false, every_days: 30, daily_cap: 40, recount_over_units: 0 };

// The settings as Settings shows them: when a manager last changed them (null: never, the defaults).
export const countSettingsViewSchema = countSettingsSchema.extend({ updated_at: z.string().nullable() });
export type CountSettingsView = z.infer<typeof countSettingsViewSchema>;

export const countSettingsBodySchema = z.object({
  daily_plan: z.boolean({ error: 'Say whether the daily plan runs by itself' }),
  every_days: bodyInt({ min: 1, max: 365, message: 'Count every location every 1 to 365 days' }),
  daily_cap: bodyInt({ min: 1, max: MAX_COUNT_LOCATIONS, message: `The daily plan takes 1 to ${MAX_COUNT_LOCATIONS} locations` }),
  recount_over_units: bodyInt({ min: 0, max: 1_000_000, message: 'The recount threshold must be a whole number of units, 0 or more' }),
});

// ---------- Creating a task ----------

// Which locations a manager's count covers.
export const countScopeSchema = z.discriminatedUnion(
  'kind',
  [
    // A range of bins or racks in code order, from and to included (A-1-1 to A-2-5).
    z.object({ kind: z.literal('range'), from: locationCode, to: locationCode }),
    // Every location holding any of these SKUs.
    z.object({
      kind: z.literal('skus'),
      skus: z.array(codeInput(skuProblem, 'Please scan or type a SKU')).min(1, 'Please name at least one SKU').max(100, 'At most 100 SKUs a count'),
    }),
    // Active bins and racks not counted for this many days (never counted included).
    z.object({ kind: z.literal('not_counted'), days: bodyInt({ min: 1, max: 3650, message: 'Days must be a whole number from 1 to 3650' }) }),
    // Locations flagged by a short pick or a discrepancy at verification and not counted since.
    z.object({ kind: z.literal('flagged') }),
  ],
  { error: 'Please choose which locations to count: a range, SKUs, not counted for some days, or flagged' },
);
export type CountScope = z.infer<typeof countScopeSchema>;

export const createCountBodySchema = z.object({ scope: countScopeSchema, assignee_id: assignee, due: localDate, note });
export type CreateCountBody = z.input<typeof createCountBodySchema>;

export const assignCountBodySchema = z.object({ assignee_id: assignee });

// ---------- What a manager reads ----------

export const COUNT_LOCATION_STATUSES = ['to_count', 'recount', 'settled', 'approved'] as const;
export type CountLocationStatus = (typeof COUNT_LOCATION_STATUSES)[number];
export const COUNT_LOCATION_STATUS_LABELS: Record<CountLocationStatus, string> = {
  to_count: 'To count',
  recount: 'Recount by someone else',
  settled: 'Settled: to approve',
  approved: 'Approved',
};

export const COUNT_TASK_STATUSES = ['open', 'settled', 'done'] as const;
export type CountTaskStatus = (typeof COUNT_TASK_STATUSES)[number];

const userRef = z.object({ id: z.number().int(), username: z.string(), full_name: z.string().nullable() });

// One round of a location's count, as a manager sees it: what was counted against what was there.
export const countRoundSchema = z.object({
  round: z.number().int(),
  counted_by: userRef.nullable(),
  at: z.string(),
  empty: z.boolean(),
  lines: z.array(z.object({ sku: z.string(), counted: z.number().int(), expected: z.number().int(), variance: z.number().int() })),
});

export const countLocationSchema = z.object({
  location: z.string(),
  status: z.enum(COUNT_LOCATION_STATUSES),
  // Who may not count it next (the last round's counter while a recount is asked).
  recount_not_by: userRef.nullable(),
  rounds: z.array(countRoundSchema),
  // The variance it settled on (and approves or posted); empty while it is not settled, or when it matched.
  variance: z.array(varianceLineSchema),
});
export type CountLocation = z.infer<typeof countLocationSchema>;

export const countTaskSchema = z.object({
  id: z.number().int(),
  status: z.enum(COUNT_TASK_STATUSES),
  source: z.enum(COUNT_SOURCES),
  reason: z.string().nullable(),
  assignee: userRef.nullable(),
  due: z.string().nullable(),
  created_at: z.string(),
  created_by: userRef.nullable(),
  counts: z.object({ locations: z.number().int(), to_count: z.number().int(), recount: z.number().int(), settled: z.number().int(), approved: z.number().int() }),
});
export type CountTask = z.infer<typeof countTaskSchema>;

export const countTaskDetailSchema = countTaskSchema.extend({ locations: z.array(countLocationSchema) });
export type CountTaskDetail = z.infer<typeof countTaskDetailSchema>;

export const COUNT_VIEWS = ['open', 'settled', 'done'] as const;
export type CountView = (typeof COUNT_VIEWS)[number];
export const countListQuerySchema = z.object({
  view: z.enum(COUNT_VIEWS, { error: 'View must be open, settled or done' }).default('open'),
  page: pageQuery(),
});
export const countListSchema = z.object({ counts: z.array(countTaskSchema), pagination: paginationSchema });
export type CountList = z.infer<typeof countListSchema>;

export const countParamsSchema = z.object({ id: idText('The count id must be a positive whole number') });
export const countLocationParamsSchema = z.object({ id: idText('The count id must be a positive whole number'), location: locationCode });

// ---------- What a counter reads and sends ----------

// A location as a counter sees it: where to go and whether it is theirs to count now. No quantities.
export const counterLocationSchema = z.object({
  location: z.string(),
  status: z.enum(['to_count', 'recount', 'done']),
  // False while a recount is asked of someone else: the counter of the last round.
  may_count: z.boolean(),
});
export const countTaskForCounterSchema = z.object({
  id: z.number().int(),
  reason: z.string().nullable(),
  due: z.string().nullable(),
  assigned_to_me: z.boolean(),
  locations: z.array(counterLocationSchema),
});
export type CountTaskForCounter = z.infer<typeof countTaskForCounterSchema>;
export const myCountsSchema = z.object({ counts: z.array(countTaskForCounterSchema) });
export type MyCounts = z.infer<typeof myCountsSchema>;

export const countLocationBodySchema = z.object({
  // What is there: each SKU once with its units. An empty location sends none and says so.
  lines: z
    .array(
      z.object({
        sku: codeInput(skuProblem, 'Please scan or type the SKU'),
        counted: bodyInt({ min: 0, max: 1_000_000, message: 'A counted quantity must be a whole number from 0 to 1000000' }),
      }),
    )
    .max(MAX_COUNTED_LINES, `A location's count holds at most ${MAX_COUNTED_LINES} SKUs`),
  empty: z.boolean({ error: 'Say whether the location is empty' }).default(false),
});
export type CountLocationBody = z.input<typeof countLocationBodySchema>;

// A counter's answer: done, or to be recounted by someone else. Never what was expected.
export const countedAnswerSchema = z.object({
  count_id: z.number().int(),
  location: z.string(),
  round: z.number().int(),
  outcome: z.enum(['settled', 'recount']),
  units: z.number().int(),
});
export type CountedAnswer = z.infer<typeof countedAnswerSchema>;

// ---------- Approval ----------

export const approveCountBodySchema = z.object({
  // The settled locations to approve; null approves every settled one.
  locations: z.array(locationCode).min(1, 'Please choose at least one location to approve').max(MAX_COUNT_LOCATIONS).nullable().default(null),
});
export type ApproveCountBody = z.input<typeof approveCountBodySchema>;

export const sendBackCountBodySchema = z.object({
  locations: z.array(locationCode).min(1, 'Please choose at least one location to send back').max(MAX_COUNT_LOCATIONS),
  note,
});
export type SendBackCountBody = z.input<typeof sendBackCountBodySchema>;

// ---------- Messages ----------

const plural = (n: number, word: string) => `${n} ${n === 1 ? word : `${word}s`}`;
export const countLabel = (id: number) => `Count #${id}`;

export const COUNT_MESSAGES = {
  notFound: (id: number) => `${countLabel(id)} was not found.`,
  created: (id: number, locations: number, skipped: number) =>
    `${countLabel(id)} created: ${plural(locations, 'location')} to count.${skipped > 0 ? ` ${plural(skipped, 'location')} already in an open count left out.` : ''}`,
  nothingToCount: (skipped: number) =>
    skipped > 0 ? `Every one of those locations is already in an open count (${plural(skipped, 'location')}).` : 'No location matches: nothing to count.',
  tooManyLocations: (n: number) => `That is ${plural(n, 'location')}: a count takes at most ${MAX_COUNT_LOCATIONS}. Narrow it down.`,
  notInCount: (id: number, location: string) => `${location} is not in ${countLabel(id)}.`,
  alreadySettled: (location: string) => `${location} is already counted: nothing to count again unless a manager sends it back.`,
  recountBySomeoneElse: (location: string, name: string) => `${location} needs its recount by someone other than ${name}.`,
  notYours: (id: number) => `${countLabel(id)} is assigned to someone else.`,
  emptyWithLines: 'A location said to be empty cannot list units: take the units off, or untick empty.',
  nothingCounted: 'Please scan or type what is there, or say the location is empty.',
  duplicateSku: (sku: string) => `${sku} is listed twice: give each SKU once with its units.`,
  skuNotFound: (sku: string) => `SKU ${sku} not found. Check the style code, size and colour.`,
  settledMessage: (location: string, units: number) => `${location} counted: ${plural(units, 'unit')}. Thank you.`,
  recountMessage: (location: string) => `${location} counted. It needs a recount by someone else before it is settled.`,
  notSettled: (location: string) => `${location} is not settled yet: it cannot be approved or sent back.`,
  nothingToApprove: (id: number) => `${countLabel(id)} has no settled location to approve.`,
  approved: (id: number, locations: number, units: number) =>
    `${countLabel(id)}: ${plural(locations, 'location')} approved, ${plural(units, 'unit')} of variance posted.`,
  sentBack: (id: number, locations: number) => `${countLabel(id)}: ${plural(locations, 'location')} sent back to be counted again.`,
  planned: (id: number, locations: number) => `${countLabel(id)}: today's plan, ${plural(locations, 'location')} to count.`,
  alreadyPlanned: (id: number) => `Today's plan is ${countLabel(id)} already.`,
  nothingDue: 'Every location has been counted recently enough: nothing to plan today.',
  assigneeNotFound: 'That user was not found or cannot count.',
} as const;
