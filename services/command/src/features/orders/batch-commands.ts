import { batchStreamId, orderStreamId, type EventMetadata } from '@wh/contracts';
import type { Actor } from '../../platform/auth.ts';
import { foldStreams, nextIds, runCommand, type CommandContext, type CommandHandler, type CommandOutcome, type Executor } from '../../platform/command.ts';
import { batchDecider } from './batch.ts';
import { workerFacts } from './commands.ts';
import { decideBatch, type BatchCommand, type BatchFacts } from './decide-batch.ts';
import { orderDecider } from './order.ts';

// A batch command: the batch's stream and its orders' streams folded, decided together and appended in one
// statement, each stream at the version it was decided on (an order changed meanwhile decides again).
// Answers the batch's id.
function runBatchCommand(
  ctx: CommandContext,
  read: (db: Executor) => Promise<{ batchId: number; command: BatchCommand; facts: BatchFacts }>,
  metadata: EventMetadata,
): Promise<CommandOutcome<number>> {
  return runCommand(ctx.db, { read, decide: ({ batchId, command, facts }) => ({ appends: decideBatch(command, facts, ctx.now()), result: batchId }) }, metadata);
}

async function foldOrders(db: Executor, orderIds: readonly number[]) {
  return foldStreams(db, orderDecider, orderIds.map(orderStreamId));
}

// The batch's id is drawn with the facts; a decision read again (a lost race) draws another, and the first is never
// used. Answers the id of the batch created.
export const createBatch: CommandHandler<{ order_ids: readonly number[]; worker_id: number; actor: Actor }, number> = (ctx, body, metadata) =>
  runBatchCommand(
    ctx,
    async (db) => {
      const [orders, worker, [batchId]] = await Promise.all([
        foldOrders(db, body.order_ids),
        workerFacts(ctx.db, body.worker_id, ctx.sessionCache),
        nextIds(db, 'batch_id_seq', 1),
      ]);
      return {
        batchId: batchId!,
        command: { type: 'CreateBatch', batch_id: batchId!, order_ids: body.order_ids, worker_id: body.worker_id, worker, actor: body.actor },
        facts: { batch: { version: 0, state: batchDecider.initialState() }, orders },
      };
    },
    metadata,
  );

export const completeBatch: CommandHandler<{ batchId: number; actor: Actor }, number> = (ctx, { batchId, actor }, metadata) =>
  runBatchCommand(
    ctx,
    async (db) => {
      const streamId = batchStreamId(batchId);
      const batch = (await foldStreams(db, batchDecider, [streamId])).get(streamId)!;
      const orders = await foldOrders(db, batch.state.status === 'absent' ? [] : batch.state.orders.map((o) => o.order_id));
      return { batchId, command: { type: 'CompleteBatch', actor }, facts: { batch, orders } };
    },
    metadata,
  );
