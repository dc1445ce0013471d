import type { Location } from '@wh/contracts/inventory/http';
import { CreateLocationDialog, type CreateMode } from './create-location-dialog.tsx';
import { LocationNumberDialog, type LocationNumber } from './location-number-dialog.tsx';
import { PrintLabelsDialog } from './print-labels-dialog.tsx';

export type SettingsDialog = { kind: 'create'; mode: CreateMode } | { kind: 'number'; field: LocationNumber; location: Location } | { kind: 'labels' } | null;

export interface SettingsDialogsProps {
  dialog: SettingsDialog;
  locations: readonly Location[];
  onClose: () => void;
  onDone: (message: string) => void;
}

/** The settings screen's one open dialog. */
export function SettingsDialogs({ dialog, locations, onClose, onDone }: SettingsDialogsProps) {
  if (dialog === null) return null;
  switch (dialog.kind) {
    case 'create':
      return <CreateLocationDialog mode={dialog.mode} onClose={onClose} onCreated={onDone} />;
    case 'number':
      return <LocationNumberDialog location={dialog.location} field={dialog.field} onClose={onClose} onSaved={onDone} />;
    case 'labels':
      return <PrintLabelsDialog locations={locations} onClose={onClose} />;
  }
}
