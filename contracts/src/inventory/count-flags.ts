import { z } from 'zod';
import { limitQuery } from '../platform/input.ts';
import { userRefSchema } from '../orders/http.ts';

// Locations flagged for a count: a short pick ("Can't find it") flags each location the picker looked in, and a
// count (still to come) settles what is there. GET /inventory/count-flags (any signed-in user) -> CountFlagList,
// newest first; live topic 'inventory'.

export const countFlagSchema = z.object({
  location: z.string(),
  sku: z.string(),
  order_id: z.number().int(),
  order_number: z.string(),
  // Why, in words: 'Short pick: 1 unit of DR1012-10-RED not found for order #10002'.
  reason: z.string(),
  flagged_by: userRefSchema.nullable(),
  flagged_at: z.string(),
});
export type CountFlag = z.infer<typeof countFlagSchema>;

export const MAX_COUNT_FLAGS = 200;
export const countFlagsQuerySchema = z.object({ limit: limitQuery(MAX_COUNT_FLAGS, 50) });

export const countFlagListSchema = z.object({
  flags: z.array(countFlagSchema),
  // Every flag, however many the list shows; and the distinct locations among them.
  total: z.number().int(),
  locations: z.number().int(),
});
export type CountFlagList = z.infer<typeof countFlagListSchema>;
