import { useEffect } from 'react';
import { ModalsProvider } from '@mantine/modals';

/**
 * Mantine's modal manager without children: it renders the dialogs opened through `modals.*` events.
 * `Listening` comes after it, so its effect runs once the manager's event listeners are registered.
 */
export default function ModalsManager({ onListening }: { onListening: () => void }) {
  return (
    <>
      <ModalsProvider />
      <Listening onListening={onListening} />
    </>
  );
}

function Listening({ onListening }: { onListening: () => void }) {
  useEffect(onListening, [onListening]);
  return null;
}
