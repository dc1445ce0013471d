import { useMutation, useQueryClient, type MutationOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { messageOf } from './api-errors.ts';

// How a screen runs a command (DESIGN.md, web): TanStack Query's useMutation around one API call. The call itself
// (apiRequest) carries the action's Idempotency-Key, retries a lost answer under it, and notes the answer's
// read_after, so the reads the command triggers are answered from data at least as recent as the change. What the
// command changes reaches the screen through its answer (written into the cached queries it alters) and one
// invalidation of the queries it touches; the live push does the rest for every other open screen.

/** What a command is, declared once in a feature's api file and run by any of its components. */
export interface CommandSpec<TVariables, TAnswer> {
  /** Sends the command; resolves with the server's answer, rejects with an ApiError. */
  send: (variables: TVariables) => Promise<TAnswer>;
  /** Writes the answer into the queries it alters, so the screen shows the change without waiting for a read. */
  apply?: (queryClient: QueryClient, answer: TAnswer, variables: TVariables) => void;
  /** The query-key prefixes the change leaves stale: invalidated together, once, when the answer arrives. */
  invalidates?: readonly QueryKey[] | ((answer: TAnswer, variables: TVariables) => readonly QueryKey[]);
  /** The message shown when a failure carries none of its own. */
  fallbackError: string;
}

export interface RunCallbacks<TVariables, TAnswer> {
  onSuccess?: (answer: TAnswer, variables: TVariables) => void;
  onError?: (error: unknown, variables: TVariables) => void;
}

export interface Command<TVariables, TAnswer> {
  /** Runs the command; a second run while one is pending is ignored (one action per press). */
  run: (variables: TVariables, callbacks?: RunCallbacks<TVariables, TAnswer>) => void;
  /** Runs it and resolves with the answer (rejects with the failure), for a caller that awaits it (a confirm dialog). */
  runAsync: (variables: TVariables) => Promise<TAnswer>;
  isPending: boolean;
  /** What the pending (or last) run was sent with: which row is busy. */
  variables: TVariables | undefined;
  /** The last run's answer, until the next run or reset. */
  answer: TAnswer | undefined;
  /** The last run's failure as the user reads it; null while none. */
  error: string | null;
  /** The last run's failure itself (an ApiError's status, code and details). */
  failure: unknown;
  /** Forgets the last run's answer and failure. */
  reset: () => void;
}

const startsWith = (key: QueryKey, prefix: QueryKey) =>
  prefix.length <= key.length && prefix.every((part, i) => Object.is(part, key[i]));

/** Marks stale, in one call, every query under any of the prefixes (refetching those a screen shows). */
export function invalidateOnce(queryClient: QueryClient, prefixes: readonly QueryKey[]): Promise<void> {
  if (prefixes.length === 0) return Promise.resolve();
  return queryClient.invalidateQueries({ predicate: (query) => prefixes.some((prefix) => startsWith(query.queryKey, prefix)) });
}

/** The mutation a command is: send, then apply the answer and invalidate once. */
export function commandMutation<TVariables, TAnswer>(
  queryClient: QueryClient,
  spec: CommandSpec<TVariables, TAnswer>,
): MutationOptions<TAnswer, unknown, TVariables> {
  return {
    mutationFn: spec.send,
    onSuccess: (answer, variables) => {
      spec.apply?.(queryClient, answer, variables);
      const prefixes = typeof spec.invalidates === 'function' ? spec.invalidates(answer, variables) : (spec.invalidates ?? []);
      // Not awaited: the command is done when it is answered; the reads it triggers refresh the screen on their own.
      void invalidateOnce(queryClient, prefixes);
    },
  };
}

export function useCommand<TVariables, TAnswer>(spec: CommandSpec<TVariables, TAnswer>): Command<TVariables, TAnswer> {
  const queryClient = useQueryClient();
  const mutation = useMutation(commandMutation(queryClient, spec));
  const { mutate, mutateAsync, isPending } = mutation;
  return {
    run: (variables, callbacks) => {
      if (isPending) return;
      mutate(variables, callbacks);
    },
    runAsync: mutateAsync,
    isPending,
    variables: mutation.variables,
    answer: mutation.data,
    error: mutation.error === null ? null : messageOf(mutation.error, spec.fallbackError),
    failure: mutation.error,
    reset: mutation.reset,
  };
}
