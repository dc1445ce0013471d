import { describe, expect, it } from 'vitest';
import { MAX_STOCK, RETURN_MESSAGES, stockMoveReason } from '@wh/contracts';
import { decisionSpec } from '../../platform/decider-spec.ts';
import { DomainError } from '../../platform/errors.ts';
import { decideMove, overCapacityWarning, type MoveCommand, type MoveFacts } from './decide-move.ts';

const NOW = new Date('2026-11-21T09:00:00.000Z');
const at = NOW.toISOString();

// Given what the move read (5 units of the dress in A-1-1, 2 in B-2-3, B-2-3 holding 40 of 50 in all),
// when a command asks to move units, then the event with both movements, or the refusal.
const facts: MoveFacts = {
  move_id: 12,
  variant: { sku: 'DR1012-8-BLUE', style_code: 'DR1012' },
  from: { code: 'A-1-1', is_active: true },
  to: { code: 'B-2-3', is_active: true },
  held_from: 5,
  held_to: 2,
  to_load: { capacity: 50, quantity: 40 },
  holders: [
    { location: 'A-1-1', quantity: 5 },
    { location: 'B-2-3', quantity: 2 },
  ],
};
const command: MoveCommand = { sku: 'DR1012-8-BLUE', from_location: 'A-1-1', to_location: 'B-2-3', quantity: 3, confirm_over_capacity: false };

const moveSpec = decisionSpec((c: MoveCommand, f: MoveFacts) => decideMove(c, f, NOW));

describe('moving stock', () => {
  it('given 5 units at A-1-1, moving 3 to B-2-3 is one event: 3 out of A-1-1 and 3 into B-2-3', () => {
    moveSpec
      .given(facts)
      .when(command)
      .then([
        {
          type: 'StockMoved',
          data: {
            move_id: 12,
            sku: 'DR1012-8-BLUE',
            style_code: 'DR1012',
            quantity: 3,
            from_location: 'A-1-1',
            to_location: 'B-2-3',
            over_capacity: null,
            movements: [
              { sku: 'DR1012-8-BLUE', style_code: 'DR1012', location: 'A-1-1', delta: -3 },
              { sku: 'DR1012-8-BLUE', style_code: 'DR1012', location: 'B-2-3', delta: 3 },
            ],
            at,
          },
        },
      ]);
  });

  it('moves every unit a location holds, and into a location without a capacity (a rack, RECEIVING)', () => {
    moveSpec.given(facts).when({ ...command, quantity: 5 }).thenMatches([{ data: { quantity: 5, over_capacity: null } }]);
    moveSpec
      .given({ ...facts, to: { code: 'RECEIVING', is_active: true }, to_load: null })
      .when({ ...command, to_location: 'RECEIVING', quantity: 5 })
      .thenMatches([{ data: { to_location: 'RECEIVING', over_capacity: null } }]);
  });

  it('a put-away is a move out of RECEIVING, and says so', () => {
    const [event] = decideMove({ ...command, from_location: 'RECEIVING' }, { ...facts, from: { code: 'RECEIVING', is_active: true } }, NOW);
    expect(event!.data.movements.map((m) => [m.location, m.delta])).toEqual([
      ['RECEIVING', -3],
      ['B-2-3', 3],
    ]);
    expect(stockMoveReason(event!.data)).toBe('Put away from RECEIVING to B-2-3');
    expect(stockMoveReason({ from_location: 'A-1-1', to_location: 'B-2-3' })).toBe('Moved from A-1-1 to B-2-3');
  });
});

describe('refused moves', () => {
  it('to the location the units come from', () => {
    moveSpec
      .given(facts)
      .when({ ...command, to_location: 'A-1-1' })
      .thenFails(400, 'A-1-1 is both the location to move from and the one to move to: choose another destination.');
  });

  it('of more units than the source holds, naming where the SKU is', () => {
    moveSpec
      .given(facts)
      .when({ ...command, quantity: 6 })
      .thenFails(409, 'Not enough stock of DR1012-8-BLUE at A-1-1: 5 there, 6 needed. DR1012-8-BLUE is held at A-1-1 (5), B-2-3 (2).');
    moveSpec
      .given({ ...facts, held_from: 0, holders: [] })
      .when({ ...command, quantity: 1 })
      .thenFails(409, 'Not enough stock of DR1012-8-BLUE at A-1-1: 0 there, 1 needed. No location holds DR1012-8-BLUE.');
  });

  it('of a SKU the catalogue does not know', () => {
    moveSpec.given({ ...facts, variant: null }).when({ ...command, sku: 'NOPE-1-RED' }).thenFails(404, 'SKU NOPE-1-RED not found. Check the style code, size and colour.');
  });

  it('from or to a location that does not exist', () => {
    moveSpec.given({ ...facts, from: null }).when({ ...command, from_location: 'Z-9-9' }).thenFails(404, 'Location Z-9-9 not found');
    moveSpec.given({ ...facts, to: null }).when({ ...command, to_location: 'Z-9-9' }).thenFails(404, 'Location Z-9-9 not found');
  });

  it('from or to a deactivated location', () => {
    moveSpec
      .given({ ...facts, to: { code: 'B-2-3', is_active: false } })
      .when(command)
      .thenFails(409, 'Location B-2-3 is deactivated and cannot receive stock. Reactivate it or choose another location.');
    moveSpec.given({ ...facts, from: { code: 'A-1-1', is_active: false } }).when(command).thenFails(409, 'Location A-1-1 is deactivated: it holds no stock to move.');
  });

  it('past the most one location may hold of a SKU', () => {
    moveSpec
      .given({ ...facts, held_to: MAX_STOCK - 2, to_load: null })
      .when(command)
      .thenFails(409, `B-2-3 cannot hold more than ${MAX_STOCK} units of DR1012-8-BLUE: move some elsewhere first.`);
  });
});

describe('a destination going over its capacity', () => {
  const nearlyFull: MoveFacts = { ...facts, to_load: { capacity: 50, quantity: 49 } };

  it('is refused with the warning until the mover confirms, with code OVER_CAPACITY', () => {
    const warning = 'Moving 3 units takes B-2-3 over capacity: it would hold 52 units for a capacity of 50 (2 over). Confirm to move them anyway.';
    moveSpec.given(nearlyFull).when(command).thenFails(409, warning);
    let refusal: unknown;
    try {
      decideMove(command, nearlyFull, NOW);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ code: 'OVER_CAPACITY', details: [{ field: 'to_location', message: warning }] });
  });

  it('confirmed, moves and records how far over the destination went', () => {
    moveSpec
      .given(nearlyFull)
      .when({ ...command, confirm_over_capacity: true })
      .thenMatches([{ type: 'StockMoved', data: { quantity: 3, over_capacity: { location: 'B-2-3', capacity: 50, quantity_after: 52 } } }]);
  });

  it('filling it exactly is no warning; one already over is warned again', () => {
    moveSpec.given({ ...facts, to_load: { capacity: 50, quantity: 47 } }).when(command).thenMatches([{ data: { over_capacity: null } }]);
    moveSpec
      .given({ ...facts, to_load: { capacity: 50, quantity: 60 } })
      .when({ ...command, quantity: 1 })
      .thenFails(409, 'Moving 1 unit takes B-2-3 over capacity: it would hold 61 units for a capacity of 50 (11 over). Confirm to move them anyway.');
  });

  it('words the warning for the screens once', () => {
    expect(overCapacityWarning(1, { location: 'A-1-1', capacity: 0, quantity_after: 1 })).toBe(
      'Moving 1 unit takes A-1-1 over capacity: it would hold 1 unit for a capacity of 0 (1 over). Confirm to move them anyway.',
    );
  });

  it('given returned units waiting in RETURNS, a move out of RETURNS or into it is refused: they leave from the returns bench', () => {
    moveSpec
      .given({ ...facts, from: { code: 'RETURNS', is_active: true } })
      .when({ ...command, from_location: 'RETURNS' })
      .thenFails(409, RETURN_MESSAGES.notMoved);
    moveSpec
      .given({ ...facts, to: { code: 'RETURNS', is_active: true } })
      .when({ ...command, to_location: 'RETURNS' })
      .thenFails(409, RETURN_MESSAGES.notMoved);
  });
});
