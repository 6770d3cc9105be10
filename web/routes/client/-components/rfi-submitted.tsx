import { Anchor, Button, Center, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Trans } from '@lingui/react/macro';
import type { RfiSubmitResult } from '#domain/rfi/questionnaire-contract.ts';

/**
 * What a supplier reads after submitting the questionnaire: that it arrived, what happens next (the
 * purchasing and CMT reviews; a portal account by mail once it passes, or the questionnaire back with the
 * reason), who its contact is, and that every next step comes by mail. The session has ended; the login
 * of the same link is one click away.
 */
export function RfiSubmitted({ result, onLogin }: { result: RfiSubmitResult; onLogin: () => void }) {
  const { contact } = result;
  return (
    <Center mih={320} data-testid="rfi-submitted">
      <Stack align="center" gap="md" maw={560}>
        <ThemeIcon color="green" size={56} radius="xl">
          <IconCheck size={32} />
        </ThemeIcon>
        <Title order={3}>
          <Trans>问卷已提交</Trans>
        </Title>
        <Text c="dimmed" ta="center">
          <Trans>感谢您的填写。接下来：</Trans>
        </Text>
        <List spacing="xs" size="sm">
          <List.Item>
            <Trans>我方采购经理与CMT将审核您的问卷，通常需要数个工作日。</Trans>
          </List.Item>
          <List.Item>
            <Trans>审核通过后，您将收到供应商门户的登录邮件，用于填写自检清单等后续工作。</Trans>
          </List.Item>
          <List.Item>
            <Trans>如需补充信息，问卷将退回并附上原因，届时您会收到邮件，可通过同一链接修改后再次提交。</Trans>
          </List.Item>
        </List>
        {contact && (
          <Text size="sm" data-testid="rfi-submitted-contact">
            <Trans>您的联系人：</Trans>
            {contact.name}
            {contact.email && (
              <>
                {' · '}
                <Anchor href={`mailto:${contact.email}`} size="sm">
                  {contact.email}
                </Anchor>
              </>
            )}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          <Trans>后续每一步都会通过邮件通知您，您现在可以关闭本页面。</Trans>
        </Text>
        <Button variant="default" onClick={onLogin}>
          <Trans>返回登录页</Trans>
        </Button>
      </Stack>
    </Center>
  );
}
