import { describe, expect, it } from 'vitest';
import { LOCATION_TYPES, locationTypeLabel } from './events.ts';

describe('location types in words', () => {
  it('names every type as screens and exports show it', () => {
    expect(LOCATION_TYPES.map(locationTypeLabel)).toEqual(['Bin', 'Rack', 'Jean rack', 'Receiving']);
  });
  it('shows a value outside the list as it is', () => {
    expect(locationTypeLabel('')).toBe('');
  });
});
