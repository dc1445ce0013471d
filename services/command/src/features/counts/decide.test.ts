import { describe, expect, it } from 'vitest';
import { COUNT_MESSAGES as M, type CountEvent } from '@wh/contracts';
import { deciderSpec } from '../../platform/decider-spec.ts';
import { countDecider, decideCount, type CountCommand } from './decide.ts';

const now = new Date('2026-12-03T09:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(countDecider, decideCount, now);

const ann = { id: 5, counts_any: false };
const bob = { id: 6, counts_any: false };
const boss = { id: 1, counts_any: true };

const createdAt = (assignee_id: number | null, when: string): CountEvent => ({
  type: 'CountTaskCreated',
  data: { count_id: 3, source: 'manual', reason: null, locations: ['A-1-1', 'A-1-2'], assignee_id, due: null, trigger: null, at: when },
});
const created = (assignee_id: number | null = null) => createdAt(assignee_id, '2026-12-03T08:00:00.000Z');

// A-1-1 holds 5 of the dress and 2 of the jumper when it is counted.
const held = new Map([
  ['DR1000-8-BEIGE', { style_code: 'DR1000', quantity: 5 }],
  ['KN1010-12-WINE', { style_code: 'KN1010', quantity: 2 }],
]);
const count = (counter = ann, counted: { sku: string; counted: number }[] = [], over: Partial<Extract<CountCommand, { type: 'CountLocation' }>> = {}): CountCommand => ({
  type: 'CountLocation',
  count_id: 3,
  location: 'A-1-1',
  counter,
  last_counter_name: 'ann',
  counted: counted.map((c) => ({ ...c, style_code: c.sku.split('-')[0]! })),
  empty: false,
  held,
  recount_over_units: 0,
  ...over,
});
const lines = (dress: number, jumper: number) => [
  { sku: 'DR1000-8-BEIGE', style_code: 'DR1000', counted: dress, expected: 5 },
  { sku: 'KN1010-12-WINE', style_code: 'KN1010', counted: jumper, expected: 2 },
];
const counted = (round: number, counted_by: number, dress: number, jumper: number, settled: boolean, agrees_with: number | null = null): CountEvent => ({
  type: 'LocationCounted',
  data: { count_id: 3, location: 'A-1-1', round, counted_by, empty: false, lines: lines(dress, jumper), settled, agrees_with, at },
});
const match = [
  { sku: 'DR1000-8-BEIGE', counted: 5 },
  { sku: 'KN1010-12-WINE', counted: 2 },
];
const oneDressShort = [
  { sku: 'DR1000-8-BEIGE', counted: 4 },
  { sku: 'KN1010-12-WINE', counted: 2 },
];

describe('creating a count', () => {
  it('takes the locations in no open count', () => {
    spec
      .given([])
      .when({ type: 'CreateCount', count_id: 3, source: 'manual', reason: null, locations: ['A-1-1', 'A-1-2'], skipped: 1, assignee_id: null, assignee_found: false, due: null, trigger: null })
      .then([createdAt(null, at)]);
  });
  it('refuses when every location asked for is in an open count, or none matches, or the assignee is unknown', () => {
    const create = { type: 'CreateCount', count_id: 3, source: 'manual', reason: null, skipped: 0, assignee_id: null, assignee_found: false, due: null, trigger: null } as const;
    spec.given([]).when({ ...create, locations: [], skipped: 4 }).thenFails(409, M.nothingToCount(4));
    spec.given([]).when({ ...create, locations: [] }).thenFails(409, 'No location matches: nothing to count.');
    spec.given([]).when({ ...create, locations: ['A-1-1'], assignee_id: 9 }).thenFails(404, M.assigneeNotFound);
    spec.given([]).when({ ...create, locations: Array.from({ length: 501 }, (_, i) => `A-1-${i + 1}`) }).thenFails(400, M.tooManyLocations(501));
  });
});

describe('counting a location blind', () => {
  it('a count that finds what the location held settles it, the expected recorded beside what was counted', () => {
    spec.given([created()]).when(count(ann, match)).then([counted(1, 5, 5, 2, true)]);
  });

  it('a variance asks for a recount; the same person cannot do it; another who finds the same variance settles it', () => {
    spec.given([created()]).when(count(ann, oneDressShort)).then([counted(1, 5, 4, 2, false)]);
    spec.given([created(), counted(1, 5, 4, 2, false)]).when(count(ann, oneDressShort)).thenFails(409, M.recountBySomeoneElse('A-1-1', 'ann'));
    spec.given([created(), counted(1, 5, 4, 2, false)]).when(count(bob, oneDressShort)).then([counted(2, 6, 4, 2, true, 1)]);
  });

  it('a recount that differs asks again; a third that agrees with either settles', () => {
    const twice = [created(), counted(1, 5, 4, 2, false), counted(2, 6, 3, 2, false)];
    spec.given(twice).when(count(ann, [{ sku: 'DR1000-8-BEIGE', counted: 3 }, { sku: 'KN1010-12-WINE', counted: 2 }])).then([counted(3, 5, 3, 2, true, 2)]);
    spec.given(twice).when(count(ann, match)).then([counted(3, 5, 5, 2, true)]);
  });

  it('agrees on the variance, not on the units: units picked between two counts are no variance', () => {
    // Ann finds 4 of 5; a pick takes one; Bob finds 3 of 4: the same dress short.
    const afterPick = new Map([...held, ['DR1000-8-BEIGE', { style_code: 'DR1000', quantity: 4 }]]);
    const [event] = decideCount(count(bob, [{ sku: 'DR1000-8-BEIGE', counted: 3 }, { sku: 'KN1010-12-WINE', counted: 2 }], { held: afterPick }), [created(), counted(1, 5, 4, 2, false)].reduce(countDecider.evolve, countDecider.initialState()), now);
    expect(event).toMatchObject({ type: 'LocationCounted', data: { round: 2, settled: true, agrees_with: 1, lines: [{ sku: 'DR1000-8-BEIGE', counted: 3, expected: 4 }, { sku: 'KN1010-12-WINE', counted: 2, expected: 2 }] } });
  });

  it('a variance within the threshold settles at once', () => {
    spec.given([created()]).when(count(ann, oneDressShort, { recount_over_units: 1 })).then([counted(1, 5, 4, 2, true)]);
  });

  it('an empty location is counted with none of what it held; a SKU it did not hold is counted as found', () => {
    spec
      .given([created()])
      .when(count(ann, [], { empty: true }))
      .then([{ type: 'LocationCounted', data: { count_id: 3, location: 'A-1-1', round: 1, counted_by: 5, empty: true, lines: lines(0, 0), settled: false, agrees_with: null, at } }]);
    const found = decideCount(count(ann, [...match, { sku: 'TP1007-6-GREEN', counted: 1 }]), countDecider.evolve(countDecider.initialState(), created()), now);
    expect(found[0]).toMatchObject({ data: { lines: [...lines(5, 2), { sku: 'TP1007-6-GREEN', style_code: 'TP1007', counted: 1, expected: 0 }], settled: false } });
  });

  it('refuses what cannot be counted', () => {
    spec.given([]).when(count()).thenFails(404, M.notFound(3));
    spec.given([created()]).when(count(ann, match, { location: 'Z-9-9' })).thenFails(404, M.notInCount(3, 'Z-9-9'));
    spec.given([created(), counted(1, 5, 5, 2, true)]).when(count(bob, match)).thenFails(409, M.alreadySettled('A-1-1'));
    spec.given([created(6)]).when(count(ann, match)).thenFails(403, M.notYours(3));
    spec.given([created(6)]).when(count(boss, match)).then([counted(1, 1, 5, 2, true)]);
    spec.given([created()]).when(count(ann, match, { empty: true })).thenFails(400, M.emptyWithLines);
    spec.given([created()]).when(count(ann, [])).thenFails(400, M.nothingCounted);
    spec.given([created()]).when(count(ann, [...match, { sku: 'DR1000-8-BEIGE', counted: 1 }])).thenFails(400, M.duplicateSku('DR1000-8-BEIGE'));
    spec
      .given([created()])
      .when(count(ann, [], { counted: [{ sku: 'NOPE-1-X', style_code: null, counted: 1 }] }))
      .thenFails(404, M.skuNotFound('NOPE-1-X'));
  });
});

describe('approving and sending back', () => {
  const settledShort = [created(), counted(1, 5, 4, 2, false), counted(2, 6, 4, 2, true, 1)];

  it('approves every settled location, posting its variance as movements with the reason Cycle count', () => {
    spec
      .given(settledShort)
      .when({ type: 'ApproveCount', count_id: 3, locations: null })
      .then([
        {
          type: 'CountApproved',
          data: {
            count_id: 3,
            locations: [{ location: 'A-1-1', lines: [{ sku: 'DR1000-8-BEIGE', style_code: 'DR1000', variance: -1 }] }],
            movements: [{ sku: 'DR1000-8-BEIGE', style_code: 'DR1000', location: 'A-1-1', delta: -1 }],
            reason: 'Cycle count',
            at,
          },
        },
      ]);
  });

  it('refuses a location not settled, and an approval with nothing settled', () => {
    spec.given(settledShort).when({ type: 'ApproveCount', count_id: 3, locations: ['A-1-2'] }).thenFails(409, M.notSettled('A-1-2'));
    spec.given([created()]).when({ type: 'ApproveCount', count_id: 3, locations: null }).thenFails(409, M.nothingToApprove(3));
    spec.given([...settledShort, { type: 'CountApproved', data: { count_id: 3, locations: [{ location: 'A-1-1', lines: [] }], movements: [], reason: 'Cycle count', at } }])
      .when({ type: 'ApproveCount', count_id: 3, locations: ['A-1-1'] })
      .thenFails(409, M.notSettled('A-1-1'));
  });

  it('a location sent back is counted afresh: its earlier rounds agree with nothing, anyone may count it', () => {
    const back = [...settledShort, { type: 'CountSentBack', data: { count_id: 3, locations: ['A-1-1'], note: 'Looks wrong', at } } as CountEvent];
    spec.given(settledShort).when({ type: 'SendBackCount', count_id: 3, locations: ['A-1-1'], note: 'Looks wrong' }).then([back.at(-1)!]);
    spec.given(back).when(count(ann, oneDressShort)).then([counted(3, 5, 4, 2, false)]);
  });

  it('the task is open, then settled, then done', () => {
    const state = (events: CountEvent[]) => events.reduce(countDecider.evolve, countDecider.initialState()).status;
    const bothSettled = [...settledShort, { ...counted(1, 5, 0, 0, true), data: { ...counted(1, 5, 0, 0, true).data, location: 'A-1-2', lines: [] } } as CountEvent];
    expect(state(settledShort)).toBe('open');
    expect(state(bothSettled)).toBe('settled');
    const approved = decideCount({ type: 'ApproveCount', count_id: 3, locations: null }, bothSettled.reduce(countDecider.evolve, countDecider.initialState()), now);
    expect(state([...bothSettled, ...approved])).toBe('done');
  });

  it('assigns, and a repeat of the same assignee records nothing', () => {
    spec.given([created()]).when({ type: 'AssignCount', count_id: 3, assignee_id: 6, assignee_found: true }).then([{ type: 'CountTaskAssigned', data: { count_id: 3, assignee_id: 6, previous_assignee_id: null, at } }]);
    spec.given([created(6)]).when({ type: 'AssignCount', count_id: 3, assignee_id: 6, assignee_found: true }).then([]);
    spec.given([created()]).when({ type: 'AssignCount', count_id: 3, assignee_id: 9, assignee_found: false }).thenFails(404, M.assigneeNotFound);
  });
});
