import { styleStreamId, type StyleEvent, type StyleFields } from '@wh/contracts';
import { nextIds, onStream, runCommand, type CommandHandler, type Executor, type StreamResult } from '../../platform/command.ts';
import { conflict } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/event-store.ts';
import { BARCODE_REGISTRY_KEY, registerStyleEvents } from '../../platform/registries.ts';
import { decideStyle, styleExists, type StyleCommand } from '../../domain/decide-style.ts';
import { styleDecider, type ExistingStyle, type StyleState } from '../../domain/style.ts';
import { decideBarcode, type BarcodeCommand } from './decide-barcodes.ts';

// A new style: its code checked against the registry and an id drawn for it, decided, and registered with its events.
// Two requests creating one code meet on the registry's primary key; the second reads again and is refused.
export const createStyle: CommandHandler<StyleFields & { sizes: string[]; colors: string[] }, ExistingStyle> = (ctx, data, metadata) => {
  const now = ctx.now();
  return runCommand(
    ctx.db,
    {
      locks: true,
      retryOn: (error) => isUniqueViolation(error, 'style_registry_pkey'),
      read: async (trx) => ({
        taken: (await trx.selectFrom('style_registry').select('id').where('style_code', '=', data.style_code).executeTakeFirst()) !== undefined,
        styleId: (await nextIds(trx, 'style_registry_id_seq', 1))[0]!,
      }),
      decide: ({ taken, styleId }) => {
        if (taken) throw conflict(styleExists(data.style_code));
        const events = decideStyle({ type: 'CreateStyle', data: { ...data, style_id: styleId } }, styleDecider.initialState(), now);
        const state = events.reduce(styleDecider.evolve, styleDecider.initialState());
        if (state.status !== 'existing') throw new Error(`style ${styleId} was not created`);
        return { appends: [{ streamId: styleStreamId(styleId), expectedVersion: 0, events }], result: state };
      },
      appendWith: ({ appends }) => ({ effects: (trx) => registerStyleEvents(trx, appends[0]!.events) }),
    },
    metadata,
  );
};

// A command on an existing style (an edit). A new code another style holds is refused as the create refuses it.
export const runStyleCommand: CommandHandler<{ styleId: number; command: StyleCommand }, StreamResult<StyleState, StyleEvent>> = async (
  ctx,
  { styleId, command },
  metadata,
) => {
  const now = ctx.now();
  try {
    return await runCommand(
      ctx.db,
      onStream({
        streamId: styleStreamId(styleId),
        decider: styleDecider,
        decide: (state) => decideStyle(command, state, now),
        appendWith: ({ events }) => ({ effects: (trx) => registerStyleEvents(trx, events) }),
      }),
      metadata,
    );
  } catch (error) {
    if (isUniqueViolation(error, 'style_registry_pkey') && command.type !== 'ImportStyle' && command.data.style_code) {
      throw conflict(styleExists(command.data.style_code));
    }
    throw error;
  }
};

// What a request asks of a style's barcodes: the decider's command without the registry's facts, which are read here.
export type BarcodeRequest = Extract<BarcodeCommand, { type: 'RemoveBarcode' }> | Omit<Extract<BarcodeCommand, { type: 'AddBarcode' }>, 'holder'>;

// A barcode added to a SKU of the style, or removed: the SKU holding the barcode now is read with the stream, and
// registered with the events. A barcode another request gave to another style's SKU meanwhile is the registry's key
// taken: read again, and refused naming that SKU.
export const runBarcodeCommand: CommandHandler<{ styleId: number; request: BarcodeRequest }, StreamResult<StyleState, StyleEvent>> = (
  ctx,
  { styleId, request },
  metadata,
) => {
  const now = ctx.now();
  const stream = onStream<StyleState, StyleEvent, never, string | null>({
    streamId: styleStreamId(styleId),
    decider: styleDecider,
    facts: (db) => (request.type === 'AddBarcode' ? barcodeHolder(db, request.barcode.code) : Promise.resolve(null)),
    decide: (state, holder) => decideBarcode(request.type === 'AddBarcode' ? { ...request, holder } : request, state, now),
    appendWith: ({ events }) => ({ effects: (trx) => registerStyleEvents(trx, events) }),
  });
  return runCommand(ctx.db, { ...stream, retryOn: (error) => isUniqueViolation(error, BARCODE_REGISTRY_KEY) }, metadata);
};

async function barcodeHolder(db: Executor, barcode: string): Promise<string | null> {
  const row = await db.selectFrom('barcode_registry').select('sku').where('barcode', '=', barcode).executeTakeFirst();
  return row?.sku ?? null;
}
