import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addBarcodeBodySchema,
  barcodeParamsSchema,
  catalogueUploadResultSchema,
  skuLookupQuerySchema,
  skuLookupSchema,
  createStyleBodySchema,
  updateStyleBodySchema,
  idParamsSchema,
  listStylesQuerySchema,
  STYLE_UPLOAD_ACCEPT,
  STYLE_UPLOAD_INVALID_TYPE,
  styleListSchema,
  styleSchema,
  successEnvelope,
  type CatalogueUploadResult,
} from '@wh/contracts';
import type { AppContext } from '../../platform/app-context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { answerCommand, runForRequest } from '../../platform/command.ts';
import { receiveUpload, UPLOAD_MESSAGES } from '../../platform/uploads.ts';
import { createStyle, runBarcodeCommand, runStyleCommand } from './commands.ts';
import { STYLE_NOT_FOUND } from '../../domain/decide-style.ts';
import { importStyles } from './import.ts';
import { listStyles, lookUpSku, styleAfterCommand, styleById } from './queries.ts';
import { shopifyProductsPlanner } from './shopify-products.ts';
import type { StyleState } from '../../domain/style.ts';

const manage = 'styles:manage' as const;
const styleEnvelope = successEnvelope(styleSchema);

export const catalogueRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // A command's answer: the style it changed.
  const styleAfter = (state: StyleState, projected: boolean | undefined) => {
    if (state.status !== 'existing') throw notFound(STYLE_NOT_FOUND);
    return styleAfterCommand(ctx.db, state, projected);
  };

  app.get(
    '/api/styles',
    { config: { access: 'signed-in' }, schema: { tags: ['catalogue'], querystring: listStylesQuerySchema, response: { 200: successEnvelope(styleListSchema) } } },
    async (request) => ok(await listStyles(await ctx.reader(request), request.query)),
  );

  app.get(
    '/api/styles/:id',
    { config: { access: 'signed-in' }, schema: { tags: ['catalogue'], params: idParamsSchema, response: { 200: styleEnvelope } } },
    async (request) => ok(await styleById(await ctx.reader(request), request.params.id)),
  );

  app.post(
    '/api/styles',
    { config: { access: manage }, schema: { tags: ['catalogue'], body: createStyleBodySchema, response: { 201: styleEnvelope } } },
    async (request, reply) => {
      const { sizes, colors, ...fields } = request.body;
      const answer = await answerCommand(ctx, request, createStyle, { ...fields, sizes, colors }, {
        data: (state, projected) => styleAfterCommand(ctx.db, state, projected),
        message: 'Style created successfully',
      });
      return reply.code(201).send(answer);
    },
  );

  app.put(
    '/api/styles/:id',
    { config: { access: manage }, schema: { tags: ['catalogue'], params: idParamsSchema, body: updateStyleBodySchema, response: { 200: styleEnvelope } } },
    async (request) => {
      const known = await ctx.db.selectFrom('style_registry').select('id').where('id', '=', request.params.id).executeTakeFirst();
      if (!known) throw notFound(STYLE_NOT_FOUND);
      return answerCommand(ctx, request, runStyleCommand, { styleId: known.id, command: { type: 'UpdateStyle', data: request.body } }, {
        data: ({ state }, projected) => styleAfter(state, projected),
        message: 'Style updated successfully',
      });
    },
  );

  app.post(
    '/api/styles/:id/barcodes',
    { config: { access: manage }, schema: { tags: ['catalogue'], params: idParamsSchema, body: addBarcodeBodySchema, response: { 200: styleEnvelope } } },
    async (request) => {
      const { sku, barcode } = request.body;
      return answerCommand(ctx, request, runBarcodeCommand, { styleId: request.params.id, request: { type: 'AddBarcode', sku, barcode } }, {
        data: ({ state }, projected) => styleAfter(state, projected),
        message: ({ events }) => (events.length > 0 ? `Barcode ${barcode.code} added to ${sku}` : `Barcode ${barcode.code} is already on ${sku}`),
      });
    },
  );

  app.delete(
    '/api/styles/:id/barcodes/:barcode',
    { config: { access: manage }, schema: { tags: ['catalogue'], params: barcodeParamsSchema, response: { 200: styleEnvelope } } },
    async (request) => {
      const { id, barcode } = request.params;
      return answerCommand(ctx, request, runBarcodeCommand, { styleId: id, request: { type: 'RemoveBarcode', barcode: barcode.code } }, {
        data: ({ state }, projected) => styleAfter(state, projected),
        message: ({ events }) => {
          const removed = events[0];
          return removed?.type === 'SkuBarcodeRemoved' ? `Barcode ${barcode.code} removed from ${removed.data.sku}` : `Barcode ${barcode.code} removed`;
        },
      });
    },
  );

  // For screens that scan (picking, verification, moves) and need more than the SKUs they list: every role scans
  // somewhere, and every role reads the catalogue.
  app.get(
    '/api/skus/lookup',
    { config: { access: 'signed-in' }, schema: { tags: ['catalogue'], querystring: skuLookupQuerySchema, response: { 200: successEnvelope(skuLookupSchema) } } },
    async (request) => ok(await lookUpSku(await ctx.reader(request), request.query.code)),
  );

  app.post(
    '/api/files/upload/shopify-inventory',
    { config: { access: manage }, schema: { tags: ['catalogue'], consumes: ['multipart/form-data'], response: { 200: successEnvelope(catalogueUploadResultSchema) } } },
    async (request) => {
      const file = await receiveUpload(request, { accept: STYLE_UPLOAD_ACCEPT, invalidTypeMessage: STYLE_UPLOAD_INVALID_TYPE });
      const parsed = await ctx.files.plan(shopifyProductsPlanner, file);
      // A file with no rows at all is refused here too: nothing read, nothing refused, no gift cards.
      if (parsed.styles.length === 0) {
        const first = parsed.errors[0];
        if (first) throw badRequest(`File validation failed: Row ${first.row}: ${first.error}`);
        if (parsed.skipped_gift_vouchers === 0) throw badRequest(UPLOAD_MESSAGES.noData);
      }
      const { result: outcome, extra } = await runForRequest(ctx, request, importStyles, parsed.styles);
      const processed = parsed.processed_records - outcome.refused_rows;
      const barcodes = outcome.new_barcodes > 0 ? `, ${outcome.new_barcodes} new barcodes` : '';
      const result: CatalogueUploadResult = {
        success: true,
        message: `Processed ${processed} variants: ${outcome.new_styles} new styles, ${outcome.existing_styles} existing styles, ${outcome.new_variants} new variants${barcodes}`,
        processed_records: processed,
        new_styles: outcome.new_styles,
        existing_styles: outcome.existing_styles,
        new_variants: outcome.new_variants,
        updated_inventory: 0,
        skipped_gift_vouchers: parsed.skipped_gift_vouchers,
        pending_approval: 0,
        auto_approved: 0,
        errors: [...parsed.errors, ...outcome.errors].sort((a, b) => a.row - b.row),
        style_codes: parsed.styles.map((s) => s.style_code),
        new_barcodes: outcome.new_barcodes,
      };
      return ok(result, extra);
    },
  );
};
