import { Modal } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { FeedbackForm } from '#web/components/feedback/feedback-form.tsx';

/** The feedback form in its dialog (loaded by `FeedbackButton` when first opened). */
export default function FeedbackDialog({ opened, onClose, portal }: { opened: boolean; onClose: () => void; portal: boolean }) {
  const { t } = useLingui();
  return (
    <Modal opened={opened} onClose={onClose} title={t`意见反馈`} centered size="lg">
      {opened && <FeedbackForm portal={portal} onDone={onClose} />}
    </Modal>
  );
}
