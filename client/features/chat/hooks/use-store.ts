import { useState, useSyncExternalStore } from "react";
import type { Store } from "../lib/store.ts";

/**
 * A store made once for the component's life, and its current state. The chat workspace is keyed
 * by the username, so a different user gets new stores.
 */
export function useStore<State, Action>(create: () => Store<State, Action>): [State, Store<State, Action>] {
  const [store] = useState(create);
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  return [state, store];
}
