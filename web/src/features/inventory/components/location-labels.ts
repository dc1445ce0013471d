import type { LocationType } from '@wh/contracts/inventory/events';

const LABELS: Record<LocationType, string> = {
  bin: 'Bin',
  rack: 'Rack',
  jean_rack: 'Jean rack',
  receiving: 'Receiving',
};

export const locationTypeLabel = (type: LocationType): string => LABELS[type];
