import type { Projection } from '../projection.ts';
import { receivingProjection } from './receiving/projection.ts';
import { ordersProjection } from './orders/projection.ts';
import { batchesProjection } from './batches.ts';
import { orderSearchProjection } from './order-search.ts';
import { usersProjection } from './users.ts';
import { catalogueProjection } from './catalogue.ts';
import { inventoryProjection } from './inventory.ts';
import { locationsProjection } from './locations.ts';
import { stockLedgerProjection } from './stock-ledger.ts';
import { reportsProjection } from './reports/projection.ts';
import { returnsReportsProjection } from './returns/projection.ts';
import { returnsBenchProjection } from './returns-bench/projection.ts';
import { auditProjection } from './audit/projection.ts';
import { settingsProjection } from './settings.ts';
import { countFlagsProjection } from './count-flags.ts';
import { countsProjection } from './counts/projection.ts';

// Order matters within a batch: locations before the stock ledger (it reads each location's type).
export const projections: readonly Projection[] = [
  // First: it names users as they were called before the batch's own user events.
  auditProjection,
  usersProjection,
  catalogueProjection,
  locationsProjection,
  stockLedgerProjection,
  inventoryProjection,
  receivingProjection,
  ordersProjection,
  batchesProjection,
  orderSearchProjection,
  reportsProjection,
  returnsReportsProjection,
  returnsBenchProjection,
  settingsProjection,
  countFlagsProjection,
  countsProjection,
];

// Applied on a second connection beside the others in the same batch (batch.ts, applyBeside): their
// statements read and write only their own tables (audit reads the user names that the users projection writes, so
// the two go together), and they are a large share of an upload's projection.
export const besideProjections: ReadonlySet<string> = new Set([auditProjection.name, usersProjection.name, orderSearchProjection.name]);

// Projections that stop and catch up together (runner.ts, stops.ts): each reads the tables of the other (audit the user
// names, the stock ledger each location's type), and caught up alone it would read them as they are now.
export const stopTogether: readonly (readonly string[])[] = [
  [usersProjection.name, auditProjection.name],
  [locationsProjection.name, stockLedgerProjection.name],
];
