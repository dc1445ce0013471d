import type { LocationType } from '@wh/contracts/inventory/events';

const LABELS: Record<LocationType, string> = {
  bin: 'Bin',
  rack: 'Rack',
  jean_rack: 'Jean rack',
  receiving: 'Receiving',
};

const isLocationType = (type: string): type is LocationType => Object.hasOwn(LABELS, type);

/** A location type in words; a type this app does not know is shown as it came. */
export const locationTypeLabel = (type: LocationType | string): string => (isLocationType(type) ? LABELS[type] : type);
