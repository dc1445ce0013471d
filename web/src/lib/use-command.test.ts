import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-errors.ts';
import { commandMutation, invalidateOnce, type CommandSpec } from './use-command.ts';

function client() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
}

describe('invalidateOnce', () => {
  it('marks stale every query under any of the prefixes, and only those', async () => {
    const queryClient = client();
    queryClient.setQueryData(['orders', 'list', 1], 'a');
    queryClient.setQueryData(['orders', 'picking', 'all'], 'b');
    queryClient.setQueryData(['users', 'list'], 'c');
    await invalidateOnce(queryClient, [['orders', 'list'], ['orders', 'picking']]);
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(stale(['orders', 'list', 1])).toBe(true);
    expect(stale(['orders', 'picking', 'all'])).toBe(true);
    expect(stale(['users', 'list'])).toBe(false);
  });

  it('refetches a shown query once for all the prefixes that cover it', async () => {
    const queryClient = client();
    const fetches = vi.fn(async () => 'fresh');
    const observer = new QueryObserver(queryClient, { queryKey: ['orders', 'list', 1], queryFn: fetches });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('fresh'));
    await invalidateOnce(queryClient, [['orders'], ['orders', 'list']]);
    expect(fetches).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});

describe('commandMutation', () => {
  const spec = (send: CommandSpec<number, string>['send']): CommandSpec<number, string> => ({
    send,
    apply: (queryClient, answer, id) => queryClient.setQueryData(['thing', id], answer),
    invalidates: (_answer, id) => [['list', id]],
    fallbackError: 'Failed',
  });

  it('writes the answer into the cache and invalidates what the command touches', async () => {
    const queryClient = client();
    queryClient.setQueryData(['list', 7], 'old');
    const observer = new MutationObserver(queryClient, commandMutation(queryClient, spec(async (id) => `answer ${id}`)));
    await expect(observer.mutate(7)).resolves.toBe('answer 7');
    expect(queryClient.getQueryData(['thing', 7])).toBe('answer 7');
    expect(queryClient.getQueryState(['list', 7])?.isInvalidated).toBe(true);
  });

  it('leaves the cache alone when the command is refused', async () => {
    const queryClient = client();
    queryClient.setQueryData(['list', 7], 'old');
    const refused = new ApiError('Not yours', 403, 'FORBIDDEN');
    const observer = new MutationObserver(
      queryClient,
      commandMutation(
        queryClient,
        spec(() => Promise.reject(refused)),
      ),
    );
    await expect(observer.mutate(7)).rejects.toBe(refused);
    expect(observer.getCurrentResult().error).toBe(refused);
    expect(queryClient.getQueryData(['thing', 7])).toBeUndefined();
    expect(queryClient.getQueryState(['list', 7])?.isInvalidated).toBe(false);
  });
});
