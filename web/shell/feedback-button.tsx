import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconMessageReport } from '@tabler/icons-react';
import { FeedbackForm } from '#web/components/feedback/feedback-form.tsx';

/** Footer feedback button (spec 3 §2.6) opening the feedback form (§2.7); the supplier portal shows it too (`portal`). */
export function FeedbackButton({ portal = false }: { portal?: boolean }) {
  const { t } = useLingui();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button size="compact-xs" variant="subtle" leftSection={<IconMessageReport size={14} />} onClick={open} data-testid="feedback-button">
        <Trans>意见反馈</Trans>
      </Button>
      <Modal opened={opened} onClose={close} title={t`意见反馈`} centered size="lg">
        {opened && <FeedbackForm portal={portal} onDone={close} />}
      </Modal>
    </>
  );
}
