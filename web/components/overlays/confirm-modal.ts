import type { modals } from '@mantine/modals';

type ConfirmModalProps = Parameters<typeof modals.openConfirmModal>[0];

let requested = false;
let hostReady: Promise<void> | undefined;
let markReady: (() => void) | undefined;
const listeners = new Set<() => void>();

/**
 * Opens Mantine's confirm dialog. The modal manager (Modal, its transitions, focus trap and scroll lock)
 * is not part of any page's first load: it loads and mounts with the first dialog a user asks for
 * (`ModalsHost`), and the dialog opens once it listens.
 */
export function openConfirmModal(props: ConfirmModalProps): void {
  if (!requested) {
    requested = true;
    hostReady = new Promise((resolve) => (markReady = resolve));
    listeners.forEach((l) => l());
  }
  void Promise.all([hostReady, import('@mantine/modals')]).then(([, m]) => m.modals.openConfirmModal(props));
}

/** For `ModalsHost`: whether a dialog was asked for, and the signal that the manager is listening. */
export const modalsHost = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  requested: () => requested,
  ready: () => markReady?.(),
};
