import { useSuspenseQuery } from '@tanstack/react-query';
import { Box, Button, Card, Flex, Group, Paper, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { RFI_STEP_COUNT, stepByNo } from '#domain/rfi/steps.ts';
import { currentStepQuery } from '../../../api/rfi-login.ts';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { RfiStepList } from './rfi-step-list.tsx';
import { STEP_LABELS } from './step-labels.ts';

/**
 * The supplier's questionnaire frame (spec 1 §2 "Questionnaire form"): the step list beside the page
 * of the step the server says to resume at (spec 1 §4). The step forms come in here; until then the
 * navigation buttons stay disabled.
 */
export function RfiFramePage({ temp }: { temp: string }) {
  const { i18n } = useLingui();
  const { data } = useSuspenseQuery(currentStepQuery(temp));
  const step = stepByNo(data.step);

  return (
    <Box mih="100vh" bg="gray.0">
      <Group justify="space-between" px="lg" py="sm" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Title order={4}>
          <Trans>直采供应商注册RFI</Trans>
        </Title>
        <Box style={{ flexShrink: 0 }}>
              <LanguageSwitch />
            </Box>
      </Group>
      <Flex direction={{ base: 'column', md: 'row' }} gap="lg" p="lg" align="flex-start">
        <Paper withBorder p="md" w={{ base: '100%', md: 300 }} style={{ flexShrink: 0 }}>
          <RfiStepList current={step.no} />
        </Paper>
        <Paper withBorder p="lg" style={{ flex: 1, minWidth: 0 }} w="100%">
          <Text size="sm" c="dimmed">
            <Trans>
              第 {step.no} 步，共 {RFI_STEP_COUNT} 步
            </Trans>
          </Text>
          <Title order={3} mb="md" data-testid="step-title">
            {i18n._(STEP_LABELS[step.key])}
          </Title>
          <Card withBorder padding="xl" mih={240}>
            <Text c="dimmed" ta="center" my="xl">
              <Trans>本步骤的表单即将在此处提供。</Trans>
            </Text>
          </Card>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" disabled>
              <Trans>上一步</Trans>
            </Button>
            <Button variant="default" disabled>
              <Trans>保存</Trans>
            </Button>
            <Button disabled>
              <Trans>下一步</Trans>
            </Button>
          </Group>
        </Paper>
      </Flex>
    </Box>
  );
}
