import { z } from 'zod';
import { codeInput, locationCodeProblem, skuProblem } from '../platform/codes.ts';
import { paginationSchema } from '../platform/http.ts';
import { bodyInt, idText, pageQuery, quantityInt } from '../platform/input.ts';
import { overCapacitySchema } from '../platform/stock.ts';
import { RETURN_GRADES, RETURN_REASONS, type ReturnGrade } from './events.ts';

// The returns bench's API: look up what was shipped, receive a parcel, match an unmatched one, place its units.

const orderId = bodyInt({ min: 1, message: 'Please choose an order' });
const note = (label: string) => z.string().trim().max(1000, `${label} must be at most 1000 characters`).nullable();

// ---------- Lookup ----------

export const returnLookupQuerySchema = z.object({
  code: z.string({ error: 'Please scan or type an order number, a SKU or a barcode' }).trim().min(1, 'Please scan or type an order number, a SKU or a barcode').max(200, 'The code must be at most 200 characters'),
});
export type ReturnLookupQuery = z.input<typeof returnLookupQuerySchema>;

// One line of a shipped order as the bench shows it: what went out and what has come back of it already.
export const shippedLineSchema = z.object({
  order_item_id: z.number().int(),
  sku: z.string(),
  style_code: z.string(),
  size: z.string(),
  colour: z.string(),
  item_name: z.string(),
  // What scans as the unit besides its SKU.
  barcodes: z.array(z.string()),
  shipped: z.number().int(),
  returned: z.number().int(),
});
export type ShippedLine = z.infer<typeof shippedLineSchema>;

export const shippedOrderSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  // Null while the order import carries no customer (OrderImported names none).
  customer_name: z.string().nullable(),
  verified_at: z.string(),
  lines: z.array(shippedLineSchema),
});
export type ShippedOrder = z.infer<typeof shippedOrderSchema>;

// The orders a code opens: one for an order number, the newest shipped orders holding a SKU or barcode (at most
// RETURN_LOOKUP_LIMIT), none when nothing matches (the screen then offers "Receive without an order"). `sku`: the
// SKU the code names (itself, or the SKU of a barcode), null when it names none: an unmatched parcel's first unit.
export const returnLookupSchema = z.object({ orders: z.array(shippedOrderSchema), sku: z.string().nullable() });
export type ReturnLookup = z.infer<typeof returnLookupSchema>;
export const RETURN_LOOKUP_LIMIT = 20;

// ---------- A parcel ----------

export const RETURN_STATUSES = ['unmatched', 'waiting', 'done'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  unmatched: 'Unmatched',
  waiting: 'Waiting to be put away',
  done: 'Done',
};

// Where a line's waiting units should go: a pick bin (A, B), SECONDS (C), RETURNS (D, for a manager to write off).
// `over_capacity` is said beside a suggestion that takes its location past capacity, never left out.
export const returnSuggestionSchema = z.object({ location: z.string(), over_capacity: overCapacitySchema.nullable() });
export type ReturnSuggestion = z.infer<typeof returnSuggestionSchema>;

export const returnParcelLineSchema = z.object({
  line: z.number().int(),
  order_item_id: z.number().int().nullable(),
  sku: z.string(),
  style_code: z.string(),
  size: z.string(),
  colour: z.string(),
  quantity: z.number().int(),
  reason: z.enum(RETURN_REASONS),
  reason_note: z.string().nullable(),
  grade: z.enum(RETURN_GRADES),
  placed: z.object({
    restocked: z.array(z.object({ location: z.string(), quantity: z.number().int() })),
    written_off: z.number().int(),
  }),
  // Units not placed yet: still at the bench, or waiting in RETURNS.
  waiting: z.object({ bench: z.number().int(), returns: z.number().int() }),
  // Null once nothing waits, and while the parcel is unmatched (its lines are placed once matched).
  suggestion: returnSuggestionSchema.nullable(),
});
export type ReturnParcelLine = z.infer<typeof returnParcelLineSchema>;

export const returnParcelSchema = z.object({
  id: z.number().int(),
  status: z.enum(RETURN_STATUSES),
  order: z.object({ id: z.number().int(), order_number: z.string() }).nullable(),
  scanned: z.string().nullable(),
  note: z.string().nullable(),
  received_at: z.string(),
  received_by: z.string().nullable(),
  lines: z.array(returnParcelLineSchema),
});
export type ReturnParcel = z.infer<typeof returnParcelSchema>;

// ---------- Lists ----------

export const RETURN_VIEWS = ['unmatched', 'waiting', 'recent'] as const;
export type ReturnView = (typeof RETURN_VIEWS)[number];
export const RETURNS_PER_PAGE = 20;

export const returnListQuerySchema = z.object({
  view: z.enum(RETURN_VIEWS, { error: 'View must be unmatched, waiting or recent' }).default('waiting'),
  page: pageQuery(),
});
export type ReturnListQuery = z.input<typeof returnListQuerySchema>;

// One parcel in a list: unmatched oldest first, waiting oldest first, recent newest first.
export const returnSummarySchema = z.object({
  id: z.number().int(),
  status: z.enum(RETURN_STATUSES),
  order_id: z.number().int().nullable(),
  order_number: z.string().nullable(),
  note: z.string().nullable(),
  received_at: z.string(),
  received_by: z.string().nullable(),
  units: z.number().int(),
  // Units not placed yet, and how many of them are in RETURNS.
  waiting: z.number().int(),
  in_returns: z.number().int(),
});
export type ReturnSummary = z.infer<typeof returnSummarySchema>;
export const returnListSchema = z.object({ returns: z.array(returnSummarySchema), pagination: paginationSchema });
export type ReturnList = z.infer<typeof returnListSchema>;

export const returnParamsSchema = z.object({ id: idText('The return id must be a positive whole number') });
export const returnLineParamsSchema = z.object({
  id: idText('The return id must be a positive whole number'),
  line: idText('The line must be a positive whole number'),
});

// ---------- Commands ----------

const reasonNote = note('The reason note');

export const receiveReturnLineSchema = z.object({
  order_item_id: bodyInt({ min: 1, message: 'Please choose the order line' }).nullable(),
  sku: codeInput(skuProblem, 'Please scan or type the SKU'),
  quantity: quantityInt(),
  reason: z.enum(RETURN_REASONS, { error: 'Please choose a reason from the list' }),
  reason_note: reasonNote,
  grade: z.enum(RETURN_GRADES, { error: 'Grade must be A, B, C or D' }).default('A'),
});
export type ReceiveReturnLine = z.input<typeof receiveReturnLineSchema>;

export const MAX_RETURN_LINES = 200;

export const receiveReturnBodySchema = z.object({
  order_id: orderId.nullable(),
  scanned: z.string().trim().max(200, 'The scanned code must be at most 200 characters').nullable(),
  note: note('The note'),
  lines: z.array(receiveReturnLineSchema).max(MAX_RETURN_LINES, `A parcel holds at most ${MAX_RETURN_LINES} lines`),
});
export type ReceiveReturnBody = z.input<typeof receiveReturnBodySchema>;

// The parcel's lines from now on, each on one of the order's shipped lines.
export const matchReturnBodySchema = z.object({
  order_id: orderId,
  lines: z
    .array(receiveReturnLineSchema.extend({ order_item_id: bodyInt({ min: 1, message: 'Please choose the order line' }) }))
    .min(1, 'Please assign at least one unit to a line of the order')
    .max(MAX_RETURN_LINES, `A parcel holds at most ${MAX_RETURN_LINES} lines`),
});
export type MatchReturnBody = z.input<typeof matchReturnBodySchema>;

// Units of one line into a location: from the bench while units wait there, else from RETURNS. RETURNS as the
// location leaves them to wait there ("Leave in RETURNS").
export const restockReturnBodySchema = z.object({
  location: codeInput(locationCodeProblem, 'Please scan or choose a location'),
  quantity: quantityInt(),
});
export type RestockReturnBody = z.input<typeof restockReturnBodySchema>;

export const writeOffReturnBodySchema = z.object({ quantity: quantityInt(), note: note('The note') });
export type WriteOffReturnBody = z.input<typeof writeOffReturnBodySchema>;

export const returnRestockedSchema = returnParcelSchema.extend({ over_capacity: overCapacitySchema.nullable() });
export type ReturnRestockedAnswer = z.infer<typeof returnRestockedSchema>;

// ---------- Messages ----------

const units = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;
const were = (n: number) => (n === 1 ? 'was' : 'were');

export const returnLabel = (id: number) => `Return #${id}`;

export function returnReceivedMessage(id: number, unitCount: number, orderNumber: string | null): string {
  return orderNumber === null
    ? `${returnLabel(id)} received without an order: it waits in Unmatched returns.`
    : `${returnLabel(id)} received: ${units(unitCount)} from ${orderNumber}.`;
}
export const returnMatchedMessage = (id: number, orderNumber: string) => `${returnLabel(id)} matched to ${orderNumber}.`;
export const returnRestockedMessage = (quantity: number, sku: string, location: string) =>
  `${units(quantity)} of ${sku} restocked to ${location}.`;
export const returnLeftInReturnsMessage = (quantity: number, sku: string) => `${units(quantity)} of ${sku} left in RETURNS to put away.`;
export const returnWrittenOffMessage = (quantity: number, sku: string) => `${units(quantity)} of ${sku} written off.`;

export const RETURN_MESSAGES = {
  notFound: (id: number) => `${returnLabel(id)} was not found.`,
  lineNotFound: (id: number, line: number) => `${returnLabel(id)} has no line ${line}.`,
  alreadyReceived: (id: number) => `${returnLabel(id)} has been received already.`,
  orderNotFound: 'That order was not found.',
  skuNotFound: (sku: string) => `SKU ${sku} not found. Check the style code, size and colour.`,
  orderNotShipped: (orderNumber: string) => `${orderNumber} has not been shipped: only verified orders can be returned.`,
  notShipped: (sku: string, orderNumber: string) => `${sku} was not shipped on ${orderNumber}.`,
  overReturned: (available: number, sku: string, orderNumber: string) =>
    available === 0
      ? `Every unit of ${sku} shipped on ${orderNumber} has been returned already.`
      : `Only ${units(available)} of ${sku} ${were(available)} shipped on ${orderNumber} and not yet returned.`,
  noteRequired: 'Please write a note saying what is in the parcel: it has no order.',
  linesRequired: 'Please add at least one returned unit.',
  otherNeedsNote: (sku: string) => `Please write a note for the reason "Other" (${sku}).`,
  alreadyMatched: (id: number, orderNumber: string) => `${returnLabel(id)} is already matched to ${orderNumber}.`,
  unmatchedNotPlaced: (id: number) => `${returnLabel(id)} has no order yet: match it to its order before placing its units.`,
  moreThanWaiting: (waiting: number, sku: string) =>
    waiting === 0 ? `No units of ${sku} are waiting to be placed.` : `Only ${units(waiting)} of ${sku} ${waiting === 1 ? 'is' : 'are'} waiting to be placed.`,
  alreadyInReturns: (sku: string) => `Those units of ${sku} are already in RETURNS: scan the location to put them away.`,
  gradeDNotRestocked: (sku: string) => `Grade D units of ${sku} cannot be restocked: leave them in RETURNS for a manager to write off.`,
  gradeCToSeconds: (sku: string) => `Grade C units of ${sku} go to SECONDS (or wait in RETURNS).`,
  notSecondsGrade: (grade: ReturnGrade) => `Only grade C units go to SECONDS; these are grade ${grade}.`,
  notToReceiving: 'Returned units go to a bin, a rack, SECONDS or RETURNS, not RECEIVING.',
  notPicked: (location: string) => `Units in ${location} are not picked for orders: pick from a bin or a rack.`,
  notMoved: 'Units in RETURNS are put away from the Returns screen, each from its parcel: nothing is moved into or out of RETURNS.',
  locationInactive: (code: string) => `Location ${code} is not active.`,
} as const;
