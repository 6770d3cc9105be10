import { useState } from 'react';
import { Button, Group, Modal, Textarea } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';

/**
 * A return that needs its reason (an element, an action item): the text, the server's error on it, the button. The
 * reason is kept while the modal is open and starts empty each time it opens.
 */
export function ReasonModal(props: { opened: boolean; title: string; label: string; error?: string; loading: boolean; onClose: () => void; onConfirm: (reason: string) => void; testId?: string }) {
  const tr = useRuleMessage();
  const [reason, setReason] = useState('');
  return (
    <Modal
      opened={props.opened}
      onClose={() => {
        setReason('');
        props.onClose();
      }}
      title={props.title}
    >
      <Textarea label={props.label} withAsterisk maxLength={500} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={tr(props.error)} data-testid={props.testId && `${props.testId}-reason`} />
      <Group justify="flex-end" mt="sm">
        <Button onClick={() => props.onConfirm(reason)} loading={props.loading} data-testid={props.testId && `${props.testId}-confirm`}>
          <Trans>退回</Trans>
        </Button>
      </Group>
    </Modal>
  );
}
