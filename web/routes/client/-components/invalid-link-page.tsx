import { Alert, Anchor, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { Trans } from '@lingui/react/macro';
import type { LinkContact } from '#domain/rfi/login-rules.ts';
import { LanguageSwitch } from '#web/components/language-switch.tsx';

/**
 * An invitation link that does not open (req rfi §2 login page): what happened and whom to ask — the
 * flow's purchasing manager when the server knows the link as one it issued, otherwise whoever sent it.
 */
export function InvalidLinkPage({ contact }: { contact?: LinkContact }) {
  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="sm" p="xl" w={480} maw="100%" data-testid="invalid-link">
        <Stack>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <IconLinkOff aria-hidden />
              <Title order={3} fz={{ base: 'h4', sm: 'h3' }}>
                <Trans>链接无效或已过期</Trans>
              </Title>
            </Group>
            <Box style={{ flexShrink: 0 }}>
              <LanguageSwitch />
            </Box>
          </Group>
          <Text>
            <Trans>此邀请链接已失效：它可能已过期，或已被一封更新的邀请邮件中的链接取代。请使用最新邮件中的链接。</Trans>
          </Text>
          {contact ? (
            <Alert color="blue" variant="light" title={<Trans>如需新的链接，请联系本流程的采购经理</Trans>}>
              <Stack gap={2} data-testid="link-contact">
                <Text size="sm" fw={500}>
                  {contact.name}
                </Text>
                <Anchor size="sm" href={`mailto:${contact.email}`}>
                  {contact.email}
                </Anchor>
              </Stack>
            </Alert>
          ) : (
            <Text c="dimmed" size="sm">
              <Trans>请核对链接是否完整，或联系向您发送邀请的采购人员获取新的链接。</Trans>
            </Text>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
