import { expect } from 'vitest';
import type { NewEvent } from '@wh/contracts';
import { DomainError } from './errors.ts';

function expectRefusal(run: () => unknown, status: number, message: string): void {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(DomainError);
  expect((caught as DomainError).status).toBe(status);
  expect((caught as DomainError).message).toBe(message);
}

// given(events).when(command).then(events) / .thenFails(status, message): the shape of every stream decider's test.
export function deciderSpec<S, E extends NewEvent, C>(
  decider: { initialState: () => S; evolve: (state: S, event: E) => S },
  decide: (command: C, state: S, now: Date) => E[],
  now: Date,
) {
  return {
    given(events: E[]) {
      const state = events.reduce(decider.evolve, decider.initialState());
      return {
        when(command: C) {
          const run = () => decide(command, state, now);
          return {
            then(expected: E[]) {
              expect(run()).toEqual(expected);
            },
            thenFails(status: number, message: string) {
              expectRefusal(run, status, message);
            },
          };
        },
      };
    },
  };
}

// given(facts).when(command).then(decision) / .thenMatches(part) / .thenFails(status, message): the same shape for a
// decision over the facts a command read rather than one stream (a bin-allocation sheet, an upload's orders).
export function decisionSpec<F, C, D>(decide: (command: C, facts: F) => D) {
  return {
    given(facts: F) {
      return {
        when(command: C) {
          const run = () => decide(command, facts);
          return {
            then(expected: D) {
              expect(run()).toEqual(expected);
            },
            // Only what `expected` names is compared (toMatchObject).
            thenMatches(expected: object) {
              expect(run()).toMatchObject(expected);
            },
            thenFails(status: number, message: string) {
              expectRefusal(run, status, message);
            },
          };
        },
      };
    },
  };
}
