import { expect } from 'vitest';
import type { NewEvent } from '@wh/contracts';
import { DomainError } from './errors.ts';

// given(events).when(command).then(events) / .thenFails(status, message): the shape of every decider test.
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
              let caught: unknown;
              try {
                run();
              } catch (error) {
                caught = error;
              }
              expect(caught).toBeInstanceOf(DomainError);
              expect((caught as DomainError).status).toBe(status);
              expect((caught as DomainError).message).toBe(message);
            },
          };
        },
      };
    },
  };
}
