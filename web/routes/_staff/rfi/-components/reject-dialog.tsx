import { useState } from 'react';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { auditRejectRequest, REJECT_REASON_MAX } from '#domain/cert-flow/review.ts';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';

/** Req flow §5.2: the reason is required and at most 100 characters (the server's own rule). */
const reasonSchema = auditRejectRequest.shape.reason;

/** The reject-reason dialog of the approval record card (req flow §2.4): confirm stays disabled while empty. */
export function RejectDialog(props: { opened: boolean; pending: boolean; onClose: () => void; onConfirm: (reason: string) => void }) {
  const tr = useRuleMessage();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const parsed = reasonSchema.safeParse(reason);
  const error = touched && !parsed.success ? tr(parsed.error.issues[0]?.message) : undefined;

  const close = () => {
    setReason('');
    setTouched(false);
    props.onClose();
  };

  return (
    <Modal opened={props.opened} onClose={close} title={<Trans>驳回</Trans>} closeOnClickOutside={!props.pending}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (parsed.success) props.onConfirm(parsed.data);
        }}
      >
        <Stack>
          <Textarea
            label={<Trans>驳回原因</Trans>}
            withAsterisk
            autosize
            minRows={4}
            maxLength={REJECT_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={error}
            description={`${reason.length}/${REJECT_REASON_MAX}`}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={props.pending}>
              <Trans>取消</Trans>
            </Button>
            <Button type="submit" color="red" disabled={!reason.trim()} loading={props.pending}>
              <Trans>确定</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
