import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@wh/db';
import { countFlagListSchema, countFlagsQuerySchema, successEnvelope, type CountFlagList } from '@wh/contracts';
import type { AppContext } from '../../platform/app-context.ts';
import { ok } from '../../platform/http.ts';

// The locations flagged for a count (rm_count_flags, kept by the count-flags projection from short picks), newest
// first: what the inventory screen lists, and what counts will work through.
export const countFlagRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/inventory/count-flags',
    { config: { access: 'signed-in' }, schema: { tags: ['inventory'], querystring: countFlagsQuerySchema, response: { 200: successEnvelope(countFlagListSchema) } } },
    async (request) => ok(await countFlags(await ctx.reader(request), request.query.limit)),
  );
};

export async function countFlags(db: Kysely<Database>, limit: number): Promise<CountFlagList> {
  const [rows, totals] = await Promise.all([
    db
      .selectFrom('rm_count_flags as f')
      .leftJoin('rm_users as u', 'u.id', 'f.flagged_by')
      .select(['f.location', 'f.sku', 'f.order_id', 'f.order_number', 'f.reason', 'f.flagged_at', 'f.flagged_by', 'u.username', 'u.full_name'])
      .orderBy('f.flagged_at', 'desc')
      .orderBy('f.location')
      .limit(limit)
      .execute(),
    db
      .selectFrom('rm_count_flags')
      .select([sql<number>`count(*)::int`.as('total'), sql<number>`count(distinct location)::int`.as('locations')])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    flags: rows.map((r) => ({
      location: r.location,
      sku: r.sku,
      order_id: r.order_id,
      order_number: r.order_number,
      reason: r.reason,
      flagged_by: r.flagged_by === null ? null : { id: r.flagged_by, username: r.username ?? `user ${r.flagged_by}`, full_name: r.full_name ?? null },
      flagged_at: r.flagged_at.toISOString(),
    })),
    ...totals,
  };
}
