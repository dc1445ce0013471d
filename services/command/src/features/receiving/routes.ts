import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  locationTypeLabel,
  MAX_REPORTED_ROW_ERRORS,
  approveReceiptBodySchema,
  approvedReceiptSchema,
  availableSkusQuerySchema,
  availableSkusSchema,
  BIN_ALLOCATION_ACCEPT,
  binAllocationResultSchema,
  bulkApproveBodySchema,
  bulkApproveResultSchema,
  directApprovalSchema,
  idParamsSchema,
  invalidFileTypeMessage,
  listReceiptsQuerySchema,
  localDay,
  MANUAL_STOCK_ACCEPT,
  MANUAL_STOCK_ROUTE_ACCEPT,
  manualApproveBodySchema,
  manualStockQuerySchema,
  RECEIVING_LOCATION,
  receiptListSchema,
  receiptSchema,
  recentApprovalsQuerySchema,
  recentApprovalsSchema,
  rejectReceiptBodySchema,
  SHOPIFY_STOCK_ACCEPT,
  stockUploadResultSchema,
  skuOf,
  successEnvelope,
  type BulkApprovalOutcome,
  type DirectApproval,
  type OverCapacity,
  type ReceiptSource,
  type StockUploadResult,
  type UploadRowError,
} from '@wh/contracts';
import type { AppContext } from '../../platform/app-context.ts';
import { actorOf, requireAuth } from '../../platform/auth.ts';
import { badRequest, isDomainError } from '../../platform/errors.ts';
import { metadataOf, ok } from '../../platform/http.ts';
import { answerCommand, runForRequest } from '../../platform/command.ts';
import { receiveUpload, UPLOAD_MESSAGES, type SheetPlanner, type UploadedFile } from '../../platform/uploads.ts';
import { applyBinAllocation } from './bin-allocation.ts';
import { binAllocationPlanner } from './bin-allocation-sheet.ts';
import { decideOnReceipt, recordReceipts, refuseRepeatedFile, type ReceiptDecisionInput, type StockFile } from './commands.ts';
import { resolveDestination } from './locations.ts';
import { availableSkus, listReceipts, receiptAfterDecision, recentApprovals } from './queries.ts';
import { manualStockPlanner, shopifyStockPlanner, type ReadStockFile } from './stock-files.ts';

const approve = 'stock:approve' as const;

function receiveStockFile(request: FastifyRequest, accept: readonly string[], advertised: readonly string[] = accept): Promise<UploadedFile> {
  return receiveUpload(request, { accept, invalidTypeMessage: invalidFileTypeMessage(advertised) });
}

// A file whose every row is wrong imports nothing and says why, row by row.
function refuseIfNothingValid(accepted: number, errors: readonly UploadRowError[], skippedGifts: number): void {
  if (accepted > 0 || errors.length === 0) {
    if (accepted === 0 && skippedGifts === 0) throw badRequest(UPLOAD_MESSAGES.noData);
    return;
  }
  const sorted = [...errors].sort((a, b) => a.row - b.row);
  const first = sorted[0]!;
  throw badRequest(
    `File validation failed: Row ${first.row}: ${first.error}`,
    // A file of 200,000 bad rows would otherwise answer with 200,000 details (megabytes nobody reads).
    sorted.slice(0, MAX_REPORTED_ROW_ERRORS).map((e) => ({ field: `row ${e.row}`, message: e.error })),
  );
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function receiptMessage(read: ReadStockFile, pending: number, auto: number): string {
  const parts = [`${plural(read.rows.length, 'receipt')} recorded`];
  if (pending > 0) parts.push(`${pending} awaiting approval`);
  if (auto > 0) parts.push(`${auto} approved into ${RECEIVING_LOCATION}`);
  if (read.skipped_gift_vouchers > 0) parts.push(`${plural(read.skipped_gift_vouchers, 'gift voucher')} skipped`);
  if (read.skipped_without_stock > 0) parts.push(`${plural(read.skipped_without_stock, 'row')} without stock skipped`);
  if (read.errors.length > 0) parts.push(`${plural(read.errors.length, 'row')} with errors`);
  return `Stock file processed: ${parts.join(', ')}`;
}

export const receivingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  async function receiptUpload(
    request: FastifyRequest,
    source: ReceiptSource,
    accept: { route: readonly string[]; advertised: readonly string[] },
    planner: SheetPlanner<ReadStockFile>,
    autoApprove: boolean,
    refuseNewVariants = false,
  ) {
    const actor = actorOf(request);
    const received = await receiveStockFile(request, accept.route, accept.advertised);
    const file = await ctx.files.plan(planner, received);
    refuseIfNothingValid(file.rows.length, file.errors, file.skipped_gift_vouchers);
    const stockFile: StockFile = {
      route: request.routeOptions.url ?? request.url,
      rows: Buffer.from(file.fingerprint, 'hex'),
      bytes: createHash('sha256').update(received.buffer).digest(),
      filename: received.filename,
      timeZone: ctx.config.WAREHOUSE_TIMEZONE,
    };
    // Rows this route already recorded are refused here, and again in the receipts' transaction.
    await refuseRepeatedFile(ctx.db, stockFile);
    const recorded =
      file.rows.length === 0
        ? null
        : await runForRequest(ctx, request, recordReceipts, {
            rows: file.rows,
            source,
            filename: received.filename,
            file: stockFile,
            // The upload's id is its request's, as its events' correlation id (metadataOf).
            uploadId: request.id,
            actor,
            approve: autoApprove ? { destination: { location: RECEIVING_LOCATION, location_type: 'receiving' }, notes: null, auto: true } : null,
            refuseNewVariants,
          });
    const outcome = recorded?.result;
    const extra = recorded?.extra ?? {};
    const errors = [...file.errors].sort((a, b) => a.row - b.row).slice(0, MAX_REPORTED_ROW_ERRORS);
    const result: StockUploadResult = {
      success: true,
      message: receiptMessage(file, outcome?.pending_approval ?? 0, outcome?.auto_approved ?? 0),
      processed_records: file.rows.length,
      new_styles: outcome?.new_styles ?? 0,
      existing_styles: outcome?.existing_styles ?? 0,
      new_variants: outcome?.new_variants ?? 0,
      updated_inventory: outcome?.auto_approved ?? 0,
      skipped_gift_vouchers: file.skipped_gift_vouchers,
      pending_approval: outcome?.pending_approval ?? 0,
      auto_approved: outcome?.auto_approved ?? 0,
      errors,
      units: outcome?.units ?? 0,
      over_capacity: outcome?.over_capacity ?? [],
    };
    return ok(result, { message: result.message, ...extra });
  }

  // Online-shop stock always waits for approval: the spec says these receipts need Executive 2 approval.
  app.post(
    '/api/files/upload/shopify-stock',
    { config: { access: 'stock:upload-shopify-stock' }, schema: { tags: ['receiving'], response: { 200: successEnvelope(stockUploadResultSchema) } } },
    async (request) => receiptUpload(request, 'shopify_stock', { route: SHOPIFY_STOCK_ACCEPT, advertised: SHOPIFY_STOCK_ACCEPT }, shopifyStockPlanner, false),
  );

  // Stock Entry's rows and sheets are typed by hand: a size or colour a known style lacks is refused (409
  // NEW_VARIANTS, each row named) unless add_variants=true says the person confirmed adding it.
  app.post(
    '/api/files/upload/manual-stock',
    {
      config: { access: 'stock:upload-manual-stock' },
      schema: { tags: ['receiving'], querystring: manualStockQuerySchema, response: { 200: successEnvelope(stockUploadResultSchema) } },
    },
    async (request) =>
      receiptUpload(
        request,
        'manual_stock',
        { route: MANUAL_STOCK_ROUTE_ACCEPT, advertised: MANUAL_STOCK_ACCEPT },
        manualStockPlanner,
        requireAuth(request).user.role === 'manager',
        request.query.add_variants !== true,
      ),
  );

  app.post(
    '/api/files/upload/bin-allocation',
    { config: { access: 'stock:upload-bin-allocation' }, schema: { tags: ['receiving'], response: { 200: successEnvelope(binAllocationResultSchema) } } },
    async (request) => {
      const actor = actorOf(request);
      const received = await receiveStockFile(request, BIN_ALLOCATION_ACCEPT);
      const sheet = await ctx.files.plan(binAllocationPlanner, received);
      refuseIfNothingValid(sheet.lines.length, sheet.errors, 0);
      // The upload's id is its request's, as its events' correlation id (metadataOf).
      return answerCommand(ctx, request, applyBinAllocation, { sheet, filename: received.filename, uploadId: request.id, actorId: actor.id }, {
        data: (result) => result,
        message: (result) => result.message,
      });
    },
  );

  app.get(
    '/api/stock-approval/receipts',
    { config: { access: approve }, schema: { tags: ['receiving'], querystring: listReceiptsQuerySchema, response: { 200: successEnvelope(receiptListSchema) } } },
    async (request) => ok(await listReceipts(await ctx.reader(request), request.query)),
  );

  app.post(
    '/api/stock-approval/receipts/:id/approve',
    {
      config: { access: approve },
      schema: { tags: ['receiving'], params: idParamsSchema, body: approveReceiptBodySchema, response: { 200: successEnvelope(approvedReceiptSchema) } },
    },
    async (request) => {
      const { location_id, location, notes } = request.body;
      const id = request.params.id;
      const decision: ReceiptDecisionInput['decision'] = { type: 'approve', choice: { location_id, location }, notes };
      return answerCommand(ctx, request, decideOnReceipt, { receiptId: id, decision, actor: actorOf(request) }, {
        data: async ({ events, over_capacity }) => ({ ...(await receiptAfterDecision(ctx.db, id, events, requireAuth(request).user.username)), over_capacity }),
        message: 'Stock approved successfully',
      });
    },
  );

  app.post(
    '/api/stock-approval/receipts/:id/reject',
    {
      config: { access: approve },
      schema: { tags: ['receiving'], params: idParamsSchema, body: rejectReceiptBodySchema, response: { 200: successEnvelope(receiptSchema) } },
    },
    async (request) => {
      const id = request.params.id;
      const decision: ReceiptDecisionInput['decision'] = { type: 'reject', reason: request.body.reason };
      return answerCommand(ctx, request, decideOnReceipt, { receiptId: id, decision, actor: actorOf(request) }, {
        data: ({ events }) => receiptAfterDecision(ctx.db, id, events, requireAuth(request).user.username),
        message: 'Receipt rejected',
      });
    },
  );

  // One transaction per receipt: a refusal (already decided, unknown style for executive2) does not stop the others,
  // and each receipt says what came of it. Each approval reads the location as the one before left it, so the
  // receipt that takes it past its capacity is the one that says so.
  app.post(
    '/api/stock-approval/receipts/bulk-approve',
    { config: { access: approve }, schema: { tags: ['receiving'], body: bulkApproveBodySchema, response: { 200: successEnvelope(bulkApproveResultSchema) } } },
    async (request) => {
      const actor = actorOf(request);
      const { receipt_ids, location_id, location, notes } = request.body;
      // A wrong location fails the whole request at once instead of once per receipt.
      const destination = await resolveDestination(ctx.db, { location_id, location });
      const results: BulkApprovalOutcome[] = [];
      const fullest = new Map<string, OverCapacity>();
      const metadata = metadataOf(request);
      let last = null;
      for (const id of [...new Set(receipt_ids)]) {
        try {
          const decision: ReceiptDecisionInput['decision'] = { type: 'approve', choice: { location_id, location }, notes };
          const { result: decided, append } = await decideOnReceipt(ctx, { receiptId: id, decision, actor }, metadata);
          last = append ?? last;
          results.push({ id, status: 'approved', over_capacity: decided.over_capacity });
          for (const o of decided.over_capacity) fullest.set(o.location, o);
        } catch (error) {
          if (!isDomainError(error) || error.status >= 500) throw error;
          results.push({ id, status: 'refused', error: error.message });
        }
      }
      const approved = results.filter((r) => r.status === 'approved').length;
      const refused = results.length - approved;
      const extra = await ctx.afterCommit(last);
      const result = { approved, refused, location: destination.location, results, over_capacity: [...fullest.values()] };
      return ok(result, { message: `${plural(approved, 'receipt')} approved into ${destination.location}, ${refused} refused`, ...extra });
    },
  );

  app.get(
    '/api/stock-approval/available-skus',
    { config: { access: approve }, schema: { tags: ['receiving'], querystring: availableSkusQuerySchema, response: { 200: successEnvelope(availableSkusSchema) } } },
    async (request) => ok(await availableSkus(await ctx.reader(request), request.query)),
  );

  app.post(
    '/api/stock-approval/manual-approve',
    { config: { access: approve }, schema: { tags: ['receiving'], body: manualApproveBodySchema, response: { 200: successEnvelope(directApprovalSchema) } } },
    async (request) => {
      const actor = actorOf(request);
      const body = request.body;
      const destination = await resolveDestination(ctx.db, { location_id: body.location_id });
      const fits = destination.location_type === body.location_type || (body.location_type === 'rack' && destination.location_type === 'jean_rack');
      if (!fits) throw badRequest(`Location ${destination.location} is a ${locationTypeLabel(destination.location_type).toLowerCase()}, not a ${locationTypeLabel(body.location_type).toLowerCase()}`);
      const now = ctx.now();
      const receivedDate = body.date ?? localDay(now, ctx.config.WAREHOUSE_TIMEZONE);
      const { result: outcome, extra } = await runForRequest(ctx, request, recordReceipts, {
        rows: [
          {
            row: 0,
            style_code: body.style_code,
            style_name: null,
            sku: skuOf(body.style_code, body.size, body.color),
            color: body.color,
            size: body.size,
            quantity: body.quantity,
            gatepass_number: body.gatepass_number,
            received_date: receivedDate,
          },
        ],
        source: 'direct',
        filename: null,
        uploadId: null,
        actor,
        approve: { destination, notes: body.notes, auto: false },
      });
      // Built from the command, not read back: the answer stands even when the projector is behind.
      const sku = skuOf(body.style_code, body.size, body.color);
      const approval: DirectApproval = {
        id: outcome.receipt_ids[0]!,
        date: receivedDate,
        style_code: body.style_code,
        sku,
        color: body.color,
        size: body.size,
        quantity: body.quantity,
        location_type: destination.location_type,
        location: destination.location,
        gatepass_number: body.gatepass_number,
        source: 'direct',
        notes: body.notes,
        approved_by: requireAuth(request).user.username,
        approved_at: now.toISOString(),
        over_capacity: outcome.over_capacity,
      };
      return ok(approval, { message: `${body.quantity} units of ${sku} approved into ${destination.location}`, ...extra });
    },
  );

  app.get(
    '/api/stock-approval/recent',
    { config: { access: approve }, schema: { tags: ['receiving'], querystring: recentApprovalsQuerySchema, response: { 200: successEnvelope(recentApprovalsSchema) } } },
    async (request) => ok(await recentApprovals(await ctx.reader(request), request.query, ctx.now())),
  );
};
