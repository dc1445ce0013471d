import type { Kysely } from 'kysely';
import type { Database } from '@wh/db';
import { styleStreamId, type EventMetadata, type StyleEvent, type StyleFields } from '@wh/contracts';
import { nextIds, runCommand, runOnStream, type StreamOutcome } from '../../platform/command.ts';
import { conflict } from '../../platform/errors.ts';
import { isUniqueViolation, type AppendResult } from '../../platform/event-store.ts';
import { registerStyleEvents } from '../../platform/registries.ts';
import { decideStyle, styleExists, type StyleCommand } from '../../domain/decide-style.ts';
import { styleDecider, type ExistingStyle, type StyleState } from '../../domain/style.ts';

// A new style: its code checked against the registry and an id drawn for it, decided, and registered with its events.
// Two requests creating one code meet on the registry's primary key; the second reads again and is refused.
export async function createStyle(
  db: Kysely<Database>,
  data: StyleFields & { sizes: string[]; colors: string[] },
  metadata: EventMetadata,
  now: Date,
): Promise<{ state: ExistingStyle; append: AppendResult | null }> {
  const { result, append } = await runCommand(
    db,
    {
      locking: true,
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
      effects: (trx, { appends }) => registerStyleEvents(trx, appends[0]!.events),
    },
    metadata,
  );
  return { state: result, append };
}

// A command on an existing style (an edit). A new code another style holds is refused as the create refuses it.
export async function runStyleCommand(
  db: Kysely<Database>,
  styleId: number,
  command: StyleCommand,
  metadata: EventMetadata,
  now: Date,
): Promise<StreamOutcome<StyleState, StyleEvent>> {
  try {
    return await runOnStream(
      db,
      {
        streamId: styleStreamId(styleId),
        decider: styleDecider,
        decide: (state) => decideStyle(command, state, now),
        effects: (trx, events) => registerStyleEvents(trx, events),
      },
      metadata,
    );
  } catch (error) {
    if (isUniqueViolation(error, 'style_registry_pkey') && command.type !== 'ImportStyle' && command.data.style_code) {
      throw conflict(styleExists(command.data.style_code));
    }
    throw error;
  }
}
