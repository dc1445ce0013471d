import type { RebuildIo } from '../rebuild-io.ts';
import { copyLine } from '../rebuild-io.ts';
import type { Rebuilder } from '../projection.ts';
import { auditRow, learnName } from './audit-row.ts';

const COLUMNS = [
  'position',
  'event_type',
  'stream_id',
  'occurred_at',
  'actor_id',
  'actor_role',
  'user_ids',
  'order_key',
  'order_number',
  'skus',
  'locations',
  'summary',
] as const;

// A rebuild's audit log: the same rows as `apply`, COPYed a batch at a time. The names of users as they were called
// are kept in memory across the whole history (the live path reads them back from rm_users before each batch; a
// rebuild's rm_users holds exactly the names learnt from the UserCreated and UserUpdated events applied so far).
export function auditRebuilder(io: RebuildIo): Rebuilder {
  const names = new Map<number, string>();
  return {
    async apply(_trx, events) {
      const lines: string[] = [];
      for (const stored of events) {
        learnName(stored, names);
        const r = auditRow(stored, names);
        lines.push(
          copyLine([
            r.position,
            r.event_type,
            r.stream_id,
            r.occurred_at,
            r.actor_id,
            r.actor_role,
            r.user_ids,
            r.order_key,
            r.order_number,
            r.skus,
            r.locations,
            r.summary,
          ]),
        );
      }
      io.copy('rm_audit', COLUMNS, lines);
    },
    async finish() {},
  };
}
