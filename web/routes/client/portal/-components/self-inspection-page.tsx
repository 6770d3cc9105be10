import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert, Anchor, Box, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { portalChecklistQuery, selfInspectionKeys } from '#web/api/self-inspection.ts';
import { LanguageSwitch } from '#web/components/language-switch.tsx';
import { ChecklistRowCard } from './checklist-row-card.tsx';

/**
 * The supplier's self-inspection (req flow §4.7): every checklist issued to it for this flow, with the
 * issued template to download, and per row a self score (0–100, 2 decimals), a document and submit.
 */
export function SelfInspectionPage({ flowNo }: { flowNo: string }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const query = useQuery({ ...portalChecklistQuery(flowNo, i18n.locale), enabled: Boolean(flowNo) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: selfInspectionKeys.portal(flowNo) });

  return (
    <Box mih="100vh" bg="gray.0">
      <Group justify="space-between" px={{ base: 'sm', sm: 'lg' }} py="sm" gap="xs" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group gap="sm">
          <Anchor component={Link} to="/client/portal" size="sm">
            <Trans>供应商门户</Trans>
          </Anchor>
          <Title order={4}>
            <Trans>供应商自检</Trans>
          </Title>
        </Group>
        <LanguageSwitch />
      </Group>
      <Box p={{ base: 'sm', md: 'lg' }} maw={960} mx="auto">
        {flowNo && (
          <Text size="sm" c="dimmed" mb="md">
            <Trans>流程编号：{flowNo}</Trans>
          </Text>
        )}
        {query.isPending && query.fetchStatus !== 'idle' ? (
          <Center h={200}>
            <Loader />
          </Center>
        ) : !flowNo ? (
          // A link without its flow number: nothing to retry, the portal home lists the flows.
          <Alert color="yellow" title={t`链接参数不完整`}>
            <Trans>请从供应商门户首页的认证流程进入自检。</Trans>
          </Alert>
        ) : query.isError ? (
          <Alert color="red" title={t`加载失败`}>
            <Text size="sm" mb="xs">
              {query.error.message}
            </Text>
            <Button size="xs" variant="light" onClick={() => void query.refetch()}>
              <Trans>重试</Trans>
            </Button>
          </Alert>
        ) : !query.data?.records.length ? (
          <Text c="dimmed">
            <Trans>暂无需要填写的自检清单</Trans>
          </Text>
        ) : (
          <Stack>
            {query.data.records.map((row) => (
              <ChecklistRowCard key={row.aid} row={row} onSubmitted={refresh} />
            ))}
          </Stack>
        )}
      </Box>
    </Box>
  );
}
