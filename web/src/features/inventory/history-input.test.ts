import { describe, expect, it } from 'vitest';
import { HISTORY_MESSAGES, localInputToIso, parseHistory, toLocalInput } from './history-input.ts';

describe('stock history input', () => {
  it('writes a moment as the datetime-local field shows it, to the second', () => {
    expect(toLocalInput(new Date(2026, 4, 1, 17, 5, 9, 600))).toBe('2026-05-01T17:05:09');
  });

  it('means the end of the second shown, so the moment just written includes what happened in it', () => {
    expect(localInputToIso('2026-05-01T17:05:09')).toBe(new Date(2026, 4, 1, 17, 5, 9, 999).toISOString());
  });

  it('reads a value without seconds as second 0, as the browser writes it, and refuses text that is not a date', () => {
    expect(localInputToIso('2026-05-01T17:05')).toBe(new Date(2026, 4, 1, 17, 5, 0, 999).toISOString());
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('yesterday')).toBeNull();
  });

  it('asks for a SKU in upper case or a location', () => {
    expect(parseHistory('sku', " 'dr1000-8-beige ", '2026-05-01T17:05:00')).toEqual({
      target: { sku: 'DR1000-8-BEIGE' },
      at: new Date(2026, 4, 1, 17, 5, 0, 999).toISOString(),
    });
    expect(parseHistory('location', 'a-1-1', '2026-05-01T17:05:00')).toMatchObject({ target: { location: 'A-1-1' } });
  });

  it('names what is missing', () => {
    expect(parseHistory('location', ' ', '')).toEqual({ errors: { code: HISTORY_MESSAGES.code.location, at: HISTORY_MESSAGES.at } });
  });
});
