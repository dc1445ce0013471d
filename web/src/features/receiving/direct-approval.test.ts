import { describe, expect, it } from 'vitest';
import type { SelectableLocation } from '@wh/contracts/inventory/http';
import { emptyDraft, locationChoices, locationLabel, parseApproval, sizeChoices, valueChoices } from './direct-approval.ts';

const bin: SelectableLocation = { id: 7, type: 'bin', location: 'A-1-1', capacity: 50, available_space: 40, current_stock: 10, gender: null };
const fullBin: SelectableLocation = { ...bin, id: 8, location: 'A-1-2', available_space: 0, current_stock: 50 };
const rack: SelectableLocation = { id: 9, type: 'rack', location: 'R-1', capacity: null, available_space: null, current_stock: 3, gender: null };
const ready = { ...emptyDraft('2026-05-01'), styleCode: 'DR1000', color: 'Black', size: '10', quantity: '4', locationId: 7 };

describe('direct approval form', () => {
  it('sends the chosen location with its type, and an empty size as Free Size', () => {
    const parsed = parseApproval({ ...ready, size: '', gatepassNumber: ' GP-7 ' }, [bin]);
    expect(parsed.body).toMatchObject({
      style_code: 'DR1000',
      color: 'Black',
      size: 'Free Size',
      quantity: 4,
      location_type: 'bin',
      location_id: 7,
      gatepass_number: 'GP-7',
      date: '2026-05-01',
    });
  });

  it('needs a style, a colour, a quantity of at least 1 and a location', () => {
    const parsed = parseApproval({ ...emptyDraft('2026-05-01'), quantity: '0' }, [bin]);
    expect(parsed.errors).toEqual({
      style_code: 'Please select a style',
      color: 'Please select a colour',
      quantity: 'Quantity must be at least 1',
      location_id: 'Please choose a location',
    });
  });

  it('labels locations with their free space and leaves full ones out', () => {
    expect(locationLabel(bin)).toBe('A-1-1 · Bin · 40 free');
    expect(locationLabel(rack)).toBe('R-1 · Rack · no capacity limit');
    expect(locationChoices({ bins: [bin, fullBin], racks: [rack] }).map((l) => l.id)).toEqual([7, 9]);
  });

  it('offers the style own colours first and marks the others as new SKUs', () => {
    expect(valueChoices(['Black', 'red'], ['Black', 'Red', 'Navy'])).toEqual([
      { id: 'Black', label: 'Black' },
      { id: 'red', label: 'red' },
      { id: 'Navy', label: 'Navy (new SKU)' },
    ]);
  });

  it('offers sizes in garment order, numbers by value, the new ones marked', () => {
    expect(sizeChoices(['12', '10', 'S'], ['6', '8', '10', '12', '14', '16']).map((c) => c.label)).toEqual([
      '6 (new SKU)',
      '8 (new SKU)',
      '10',
      '12',
      '14 (new SKU)',
      '16 (new SKU)',
      'S',
    ]);
  });
});
