import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Alert, Button, Group, Text } from '@mantine/core';

/**
 * The summary page without a plan it can show: none chosen (a bookmark, a typed address), or one the
 * server does not know or lets this user not read (`refusal`, its localized message). A summary is one
 * plan's, so the page says what is missing and where plans are chosen, instead of only failing to load.
 */
export function PlanNotShown({ canListPlans, refusal }: { canListPlans: boolean; refusal?: string }) {
  return (
    <Alert
      color={refusal ? 'orange' : 'blue'}
      title={refusal ?? t`未选择绩效计划`}
      maw={720}
      data-testid={refusal ? 'summary-plan-refused' : 'summary-no-plan'}
    >
      <Text size="sm">
        <Trans>绩效汇总按计划查看。请在绩效计划列表中打开一个计划的汇总，或在绩效评审列表中点击计划名称。</Trans>
      </Text>
      <Group mt="md">
        {canListPlans && (
          <Button component={Link} to="/performance-plan">
            <Trans>选择绩效计划</Trans>
          </Button>
        )}
        <Button component={Link} to="/assessment/review" variant={canListPlans ? 'default' : 'filled'}>
          <Trans>打开绩效评审列表</Trans>
        </Button>
      </Group>
    </Alert>
  );
}
