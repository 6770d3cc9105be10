import { Button, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconMessageReport } from '@tabler/icons-react';

/** Footer feedback button (spec 3 §2.6); the feedback form itself (§2.7) comes with its service. */
export function FeedbackButton() {
  const { t } = useLingui();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button size="compact-xs" variant="subtle" leftSection={<IconMessageReport size={14} />} onClick={open}>
        <Trans>意见反馈</Trans>
      </Button>
      <Modal opened={opened} onClose={close} title={t`意见反馈`} centered>
        <Stack>
          <Text size="sm">
            <Trans>反馈功能即将开放。如遇问题，请联系系统管理员。</Trans>
          </Text>
          <Button onClick={close} ml="auto">
            <Trans>知道了</Trans>
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
