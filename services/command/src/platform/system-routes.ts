import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from './app-context.ts';

export async function systemRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/health', { config: { access: 'public' } }, async () => ({
    success: true,
    data: { status: 'ok', uptime_seconds: Math.round(process.uptime()) },
  }));

  // Ready when the database answers; says how far the projector trails the event store.
  app.get('/api/ready', { config: { access: 'public' } }, async (_request, reply) => {
    try {
      const row = await sql<{ head: string | null; last_event_at: Date | null; checkpoint: string; updated_at: Date }>`
        select (select max(global_position) from events) as head,
               (select recorded_at from events order by global_position desc limit 1) as last_event_at,
               c.last_pos as checkpoint, c.updated_at
          from projector_checkpoints c where c.name = 'main'`.execute(ctx.db);
      const r = row.rows[0];
      const head = BigInt(r?.head ?? '0');
      const checkpoint = BigInt(r?.checkpoint ?? '0');
      return {
        success: true,
        data: {
          status: 'ready',
          database: 'reachable',
          projector: {
            head_position: head.toString(),
            checkpoint_position: checkpoint.toString(),
            lag_events: Number(head > checkpoint ? head - checkpoint : 0n),
            checkpoint_updated_at: r?.updated_at?.toISOString() ?? null,
          },
          last_event_at: r?.last_event_at?.toISOString() ?? null,
        },
      };
    } catch {
      return reply.code(503).send({
        success: false,
        message: 'The database is unreachable',
        error: { code: 'UNAVAILABLE', message: 'The database is unreachable' },
      });
    }
  });
}
