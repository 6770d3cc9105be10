import { Suspense, lazy, useState } from 'react';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Trans } from '@lingui/react/macro';
import { IconMessageReport } from '@tabler/icons-react';

// The dialog and its form (fields, uploads, the form library) load with the first click, not with the page.
const FeedbackDialog = lazy(() => import('./feedback-dialog.tsx'));

/** Footer feedback button (req shell §2.6) opening the feedback form (req shell §2.7); the supplier portal shows it too (`portal`). */
export function FeedbackButton({ portal = false }: { portal?: boolean }) {
  const [opened, { open, close }] = useDisclosure(false);
  // Stays mounted once opened, so that closing plays the dialog's transition.
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        size="compact-xs"
        variant="subtle"
        leftSection={<IconMessageReport size={14} />}
        onClick={() => {
          setUsed(true);
          open();
        }}
        data-testid="feedback-button"
      >
        <Trans>意见反馈</Trans>
      </Button>
      {used && (
        <Suspense>
          <FeedbackDialog opened={opened} onClose={close} portal={portal} />
        </Suspense>
      )}
    </>
  );
}
