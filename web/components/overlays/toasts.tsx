import { Notifications } from '@mantine/notifications';

/** The app's toast container (loaded by `ToastHost` with the first toast). */
export default function Toasts() {
  return <Notifications position="top-center" />;
}
