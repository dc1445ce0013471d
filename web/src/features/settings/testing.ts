import type { Location } from '@wh/contracts/inventory/http';

/** A layout row for tests: an empty active bin A-1-1, changed by `patch`. */
export const location = (patch: Partial<Location>): Location => ({
  id: 1,
  code: 'A-1-1',
  location_type: 'bin',
  capacity: 50,
  gender: null,
  is_active: true,
  current_stock: 0,
  utilization: 0,
  available_space: 50,
  styles: [],
  sku_count: 0,
  walk_sequence: 1_001_001,
  walk_sequence_override: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...patch,
});
