import { useCallback, useEffect, useRef, useState } from 'react';

type Handlers<V, R> = {
  onSuccess?: (answer: R, variables: V) => unknown;
  onError?: (error: Error, variables: V) => unknown;
  onSettled?: () => unknown;
};

type State = { status: 'idle' | 'pending' | 'success' | 'error'; error: Error | null };
const IDLE: State = { status: 'idle', error: null };

/**
 * A call an item of a long list makes (delete a note, award it, tick its task, resolve its
 * thread), with the item's own pending and error state. TanStack's `useMutation` would do the
 * same with an observer per item on the shared mutation cache; an Overview holds thousands of
 * items and mounting those observers was a tenth of its render (docs/performance.md). Calls that
 * other components watch (a note being posted, shown as a placeholder) stay `useMutation`s.
 */
export function useAction<V, R>(call: (variables: V) => Promise<R>, handlers: Handlers<V, R> = {}) {
  const [state, setState] = useState<State>(IDLE);
  const latest = useRef({ call, handlers });
  useEffect(() => {
    latest.current = { call, handlers };
  });

  const mutateAsync = useCallback(async (variables: V): Promise<R> => {
    const { call, handlers } = latest.current;
    setState({ status: 'pending', error: null });
    try {
      const answer = await call(variables);
      setState({ status: 'success', error: null });
      await handlers.onSuccess?.(answer, variables);
      return answer;
    } catch (thrown) {
      const error = thrown instanceof Error ? thrown : new Error(String(thrown));
      setState({ status: 'error', error });
      await handlers.onError?.(error, variables);
      throw error;
    } finally {
      await handlers.onSettled?.();
    }
  }, []);
  const mutate = useCallback(
    (variables: V) => void mutateAsync(variables).catch(() => undefined),
    [mutateAsync],
  );
  const reset = useCallback(() => setState(IDLE), []);

  return {
    mutate,
    mutateAsync,
    reset,
    isPending: state.status === 'pending',
    isError: state.status === 'error',
    error: state.error,
  };
}
