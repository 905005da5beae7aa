/**
 * A reducer's state held outside React: socket handlers, timers and requests that outlive a render
 * read the current state with `get()` instead of a ref mirrored from the last render, and React
 * reads it through useSyncExternalStore (hooks/use-store.ts).
 */
export interface Store<State, Action> {
  get(): State;
  dispatch(action: Action): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<State, Action>(
  reducer: (state: State, action: Action) => State,
  initial: State,
  /** Called after each change (persistence). */
  onChange?: (state: State) => void,
): Store<State, Action> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    dispatch(action) {
      const next = reducer(state, action);
      if (next === state) return;
      state = next;
      onChange?.(state);
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
