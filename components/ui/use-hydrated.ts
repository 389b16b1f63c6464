import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

/** False during server rendering and hydration, true once the page's scripts run. */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
