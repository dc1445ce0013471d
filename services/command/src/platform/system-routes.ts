import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { errorEnvelopeSchema, parseWalPosition, readinessSchema, successEnvelope, type Readiness } from '@wh/contracts';
import type { AppContext } from './app-context.ts';
import type { ReadReplica } from './read-replica.ts';

interface ReadyRow {
  head: string | null;
  last_event_at: Date | null;
  checkpoint: string;
  updated_at: Date;
  fault_pos: string | null;
  fault_tx: string | null;
  fault_type: string | null;
  fault_projection: string | null;
  fault_message: string | null;
  fault_attempts: number | null;
  fault_since: Date | null;
  fault_last: Date | null;
}

// How far the read replica trails the primary: WAL not yet replayed, and the age of what was replayed last (0 when
// nothing is left to replay: with no writes on the primary the last replayed commit grows old, yet nothing lags).
async function replicaReadiness(replica: ReadReplica | null): Promise<Readiness['replica']> {
  if (!replica) return { configured: false, reachable: null, replay_position: null, lag_bytes: null, lag_seconds: null };
  const [status, primary] = await Promise.all([replica.status(), replica.primaryPosition()]);
  const replayed = status.replay_position === null ? null : parseWalPosition(status.replay_position);
  const head = primary === null ? null : parseWalPosition(primary);
  const lagBytes = replayed === null || head === null ? null : Number(head > replayed ? head - replayed : 0n);
  const lagSeconds = lagBytes === null ? null : lagBytes === 0 ? 0 : Math.max(0, status.replay_age_seconds ?? 0);
  return { configured: true, reachable: status.reachable, replay_position: status.replay_position, lag_bytes: lagBytes, lag_seconds: lagSeconds };
}

export async function systemRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/health', { config: { access: 'public' } }, async () => ({
    success: true,
    data: { status: 'ok', uptime_seconds: Math.round(process.uptime()) },
  }));

  // Ready when the database answers and the instance is not draining; says how far the projector trails the event
  // store, the event a projection fails on while the projector has not got past it (the projector records it:
  // services/projector health.ts), and how far the read replica trails the primary. A replica that does not answer
  // leaves the service ready: queries read the primary meanwhile.
  app.get(
    '/api/ready',
    { config: { access: 'public' }, schema: { tags: ['system'], response: { 200: successEnvelope(readinessSchema), 503: errorEnvelopeSchema } } },
    async (_request, reply) => {
      // Stopping (SIGTERM): out of the proxy's rotation while the requests in flight finish (server.ts close).
      if (app.draining) {
        return reply.code(503).send({
          success: false,
          message: 'Draining: this instance is shutting down',
          error: { code: 'UNAVAILABLE', message: 'Draining: this instance is shutting down' },
        });
      }
      let r: ReadyRow | undefined;
      try {
        const row = await sql<ReadyRow>`
          select (select max(global_position) from events) as head,
                 (select recorded_at from events order by global_position desc limit 1) as last_event_at,
                 c.last_pos as checkpoint, c.updated_at,
                 f.event_pos as fault_pos, f.event_tx::text as fault_tx, f.event_type as fault_type,
                 f.projection as fault_projection, f.message as fault_message, f.attempts as fault_attempts,
                 f.first_failed_at as fault_since, f.last_failed_at as fault_last
            from projector_checkpoints c
            left join projector_faults f on f.name = c.name and (f.event_tx, f.event_pos) > (c.last_tx, c.last_pos)
           where c.name = 'main'`.execute(ctx.db);
        r = row.rows[0];
      } catch {
        return reply.code(503).send({
          success: false,
          message: 'The database is unreachable',
          error: { code: 'UNAVAILABLE', message: 'The database is unreachable' },
        });
      }
      const head = BigInt(r?.head ?? '0');
      const checkpoint = BigInt(r?.checkpoint ?? '0');
      const failure =
        r?.fault_pos && r.fault_tx && r.fault_type && r.fault_message && r.fault_since && r.fault_last
          ? {
              message: r.fault_message,
              position: r.fault_pos,
              transaction_id: r.fault_tx,
              event_type: r.fault_type,
              projection: r.fault_projection,
              attempts: r.fault_attempts ?? 1,
              failing_since: r.fault_since.toISOString(),
              last_attempt_at: r.fault_last.toISOString(),
            }
          : null;
      return {
        success: true as const,
        data: {
          status: 'ready' as const,
          database: 'reachable' as const,
          projector: {
            status: failure ? ('failing' as const) : ('ok' as const),
            head_position: head.toString(),
            checkpoint_position: checkpoint.toString(),
            lag_events: Number(head > checkpoint ? head - checkpoint : 0n),
            checkpoint_updated_at: r?.updated_at?.toISOString() ?? null,
            failure,
          },
          last_event_at: r?.last_event_at?.toISOString() ?? null,
          replica: await replicaReadiness(ctx.replica),
        },
      };
    },
  );
}
