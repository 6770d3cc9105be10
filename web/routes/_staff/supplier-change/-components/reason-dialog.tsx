import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { z } from 'zod';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';

/**
 * A decision with a reason (reject, or a conflict's answer): the reason's rule is the request schema's
 * own field, so the dialog and the server refuse the same text.
 */
export function ReasonDialog(props: {
  opened: boolean;
  title: ReactNode;
  label: ReactNode;
  schema: z.ZodType<string | undefined>;
  max: number;
  required: boolean;
  pending: boolean;
  confirmColor?: string;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const tr = useRuleMessage();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const parsed = props.schema.safeParse(reason);
  const error = touched && !parsed.success ? tr(parsed.error.issues[0]?.message) : undefined;
  const close = () => {
    setReason('');
    setTouched(false);
    props.onClose();
  };
  return (
    <Modal opened={props.opened} onClose={close} title={props.title} closeOnClickOutside={!props.pending}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (parsed.success) props.onConfirm(parsed.data ?? '');
        }}
      >
        <Stack>
          <Textarea
            label={props.label}
            withAsterisk={props.required}
            autosize
            minRows={4}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={error}
            description={`${reason.length}/${props.max}`}
            data-autofocus
            data-testid="decision-reason"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={props.pending}>
              <Trans>取消</Trans>
            </Button>
            <Button type="submit" color={props.confirmColor} disabled={props.required && !reason.trim()} loading={props.pending} data-testid="decision-confirm">
              <Trans>确定</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
