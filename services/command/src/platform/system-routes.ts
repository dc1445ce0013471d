import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { errorEnvelopeSchema, parseWalPosition, readinessSchema, successEnvelope, type ProjectionStop, type Readiness } from '@wh/contracts';
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
  waiting_since: Date | null;
  now: Date;
}

interface StopRow {
  projection: string;
  last_pos: string;
  event_pos: string | null;
  event_tx: string | null;
  event_type: string | null;
  event_stream: string | null;
  message: string | null;
  attempts: number;
  stopped_at: Date;
  last_attempt_at: Date;
}

const stopOf = (s: StopRow): ProjectionStop => ({
  projection: s.projection,
  position: s.last_pos,
  event:
    s.event_pos && s.event_tx && s.event_type && s.event_stream
      ? { position: s.event_pos, transaction_id: s.event_tx, event_type: s.event_type, stream_id: s.event_stream }
      : null,
  message: s.message,
  attempts: s.attempts,
  stopped_since: s.stopped_at.toISOString(),
  last_attempt_at: s.last_attempt_at.toISOString(),
});

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
  // services/projector health.ts), whether it has stalled, the projections stopped at an event while the others go on
  // (stops.ts), and how far the read replica trails the primary. A replica that does not answer
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
      let stops: StopRow[];
      try {
        const row = await sql<ReadyRow>`
          select (select max(global_position) from events) as head,
                 (select recorded_at from events order by global_position desc limit 1) as last_event_at,
                 c.last_pos as checkpoint, c.updated_at,
                 f.event_pos as fault_pos, f.event_tx::text as fault_tx, f.event_type as fault_type,
                 f.projection as fault_projection, f.message as fault_message, f.attempts as fault_attempts,
                 f.first_failed_at as fault_since, f.last_failed_at as fault_last,
                 (select x.recorded_at from events x where (x.transaction_id, x.global_position) > (c.last_tx, c.last_pos)
                   order by x.transaction_id, x.global_position limit 1) as waiting_since,
                 now() as now
            from projector_checkpoints c
            left join projector_faults f on f.name = c.name and (f.event_tx, f.event_pos) > (c.last_tx, c.last_pos)
           where c.name = 'main'`.execute(ctx.db);
        r = row.rows[0];
        stops = (
          await sql<StopRow>`
            select projection, last_pos::text as last_pos, event_pos::text as event_pos, event_tx::text as event_tx, event_type,
                   event_stream, message, attempts, stopped_at, last_attempt_at
              from projection_stops order by projection`.execute(ctx.db)
        ).rows;
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
      // Events have waited, and the checkpoint has not moved, for the whole threshold (database time on both sides).
      const stalledMs = ctx.config.PROJECTOR_STALLED_MS;
      const stalled =
        !!r?.waiting_since &&
        r.now.getTime() - r.waiting_since.getTime() >= stalledMs &&
        r.now.getTime() - r.updated_at.getTime() >= stalledMs;
      const status = failure ? 'failing' : stalled ? 'stalled' : stops.length > 0 ? 'stopped' : 'ok';
      return {
        success: true as const,
        data: {
          status: 'ready' as const,
          database: 'reachable' as const,
          projector: {
            status,
            head_position: head.toString(),
            checkpoint_position: checkpoint.toString(),
            lag_events: Number(head > checkpoint ? head - checkpoint : 0n),
            checkpoint_updated_at: r?.updated_at?.toISOString() ?? null,
            failure,
            stopped: stops.map(stopOf),
          },
          last_event_at: r?.last_event_at?.toISOString() ?? null,
          replica: await replicaReadiness(ctx.replica),
        },
      };
    },
  );
}
