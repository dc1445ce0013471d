import { WAREHOUSE_SETTINGS_STREAM, type SettingsEvent } from '@wh/contracts';
import { onStream, runCommand, type CommandHandler, type StreamResult } from '../../platform/command.ts';
import { decideSettings, type SettingsCommand } from './decide.ts';
import { settingsDecider, type SettingsState } from './settings.ts';

// A change to the warehouse-wide settings stream.
export const changeSettings: CommandHandler<SettingsCommand, StreamResult<SettingsState, SettingsEvent>> = (ctx, command, metadata) => {
  const now = ctx.now();
  return runCommand(
    ctx.db,
    onStream({ streamId: WAREHOUSE_SETTINGS_STREAM, decider: settingsDecider, decide: (state) => decideSettings(command, state, now) }),
    metadata,
  );
};
