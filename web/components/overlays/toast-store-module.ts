// Loaded on demand by toast-store.ts: through this module the chunk holds the store, not the toast container.
export { notifications, notificationsStore } from '@mantine/notifications';
