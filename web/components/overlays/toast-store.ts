import type { NotificationData } from '@mantine/notifications';

type Store = typeof import('./toast-store-module.ts');

/*
 * Mantine's notifications store (≈ 1 kB gzipped) is not part of the app's entry: pages that read through
 * TanStack Query before they render load it with Query (web/main.tsx, the root route's `beforeLoad`), and the
 * supplier login (`staticData.queryOnDemand`), whose first load has a budget of its own, with its first toast.
 * Code that may run on the login or in the entry shows toasts through `showToast`; the other pages' modules
 * import `notifications` as before, since the store is loaded by then.
 */
let loading: Promise<Store> | undefined;
let loaded: Store | undefined;
const listeners = new Set<() => void>();

export function loadToastStore(): Promise<Store> {
  loading ??= import('./toast-store-module.ts').then(
    (store) => {
      loaded = store;
      listeners.forEach((l) => l());
      return store;
    },
    (err: unknown) => {
      loading = undefined; // the next toast asks again
      throw err;
    },
  );
  return loading;
}

/** Shows a toast once the store is there (at once on every page but the supplier login). */
export function showToast(data: NotificationData): void {
  void loadToastStore().then(({ notifications }) => notifications.show(data));
}

/** For `ToastHost`: the store once loaded. */
export const toastStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  loaded: () => loaded,
};
