import { describe, expect, it } from 'vitest';
import { HISTORY_MESSAGES, localInputToIso, movementLabel, parseHistory, toLocalInput } from './history-input.ts';

describe('stock history input', () => {
  it('round-trips a local date and time through the datetime-local format', () => {
    const at = new Date(2026, 4, 1, 17, 5, 9);
    expect(toLocalInput(at)).toBe('2026-05-01T17:05:09');
    expect(localInputToIso(toLocalInput(at))).toBe(at.toISOString());
  });

  it('accepts minutes without seconds and refuses text that is not a date', () => {
    expect(localInputToIso('2026-05-01T17:05')).toBe(new Date(2026, 4, 1, 17, 5).toISOString());
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('yesterday')).toBeNull();
  });

  it('asks for a SKU in upper case or a location', () => {
    expect(parseHistory('sku', " 'dr1000-8-beige ", '2026-05-01T17:05:00')).toEqual({
      target: { sku: 'DR1000-8-BEIGE' },
      at: new Date(2026, 4, 1, 17, 5).toISOString(),
    });
    expect(parseHistory('location', 'a-1-1', '2026-05-01T17:05:00')).toMatchObject({ target: { location: 'A-1-1' } });
  });

  it('names what is missing', () => {
    expect(parseHistory('location', ' ', '')).toEqual({ errors: { code: HISTORY_MESSAGES.code.location, at: HISTORY_MESSAGES.at } });
  });

  it('names the events that move stock', () => {
    expect(movementLabel('InventoryAdjusted')).toBe('Adjustment');
    expect(movementLabel('SomethingNewHappened')).toBe('Something new happened');
  });
});
