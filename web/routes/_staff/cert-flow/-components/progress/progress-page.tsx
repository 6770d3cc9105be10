import { useState } from 'react';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { RequalificationBadge } from '#web/components/requalification-labels.tsx';
import { CODE_STATUS } from '#domain/cert-flow/evaluation.ts';
import { RELATION_TYPE, STAGE, type NodeCode } from '#domain/cert-flow/enums.ts';
import type { Locale } from '#domain/i18n.ts';
import type { CurrentUser } from '#web/api/auth.ts';
import { flowDetailKeys, flowDetailQuery, invalidateFlow } from '#web/api/cert-flow-detail.ts';
import { supplierCodeInfoQuery } from '#web/api/release.ts';
import { ChangeLogDialog } from '../change-log-dialog.tsx';
import { InfoTable } from './info-table.tsx';
import { Legend } from './legend.tsx';
import { NodeArea } from './node-area.tsx';
import { allNodes, isReachable } from './node-status.ts';
import { chosenNode, prereleasePossible, withPrerelease } from './prerelease.ts';
import { OpenAuditActions } from '../nodes/vda-audit/open-audit-actions.tsx';
import { StepBar } from './step-bar.tsx';

/**
 * scm-cspm:rfi-process-detail (req flow §2.3): the flow's stages and nodes, its registration info and the
 * node task area. The route's loader has read the flow; a flow that cannot be read is the route's error.
 * The node shown is the route's `node` search parameter (`chosen`), by default the one the flow is at.
 */
export function ProgressPage({ user, flowNo, chosen, onChoose }: { user: CurrentUser; flowNo: string; chosen: NodeCode | undefined; onChoose: (node: NodeCode | undefined) => void }) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const { data: read } = useSuspenseQuery(flowDetailQuery(flowNo, i18n.locale));
  // PRERELEASE shows once the supplier-code application has started, or when asked for (prerelease.ts).
  const codeInfo = useQuery({ ...supplierCodeInfoQuery(flowNo), enabled: prereleasePossible(read) });
  const codeApplied = codeInfo.data !== undefined && codeInfo.data.status !== CODE_STATUS.NOTSTART;
  const flow = withPrerelease(read, codeApplied || chosen === 'PRERELEASE', i18n.locale as Locale);
  const [logOpen, setLogOpen] = useState(false);
  const nodes = allNodes(flow);
  // Req flow §2.3: the page opens on the node the flow is at (or the last one reached, once ended).
  const reached = nodes.filter(isReachable);
  const fallback = reached.find((n) => n.nodeCode === flow.currentNodeCode) ?? reached.at(-1);
  const wanted = chosenNode(flow, chosen);
  const selected = nodes.find((n) => n.nodeCode === wanted && isReachable(n)) ?? fallback;
  const terminated = flow.stage === STAGE.TERMINATED;

  return (
    <Stack data-testid="progress-page" data-flow-no={flow.flowNo}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          {/* The page names the supplier; the scenario and the flow number stand beside it. */}
          <Group gap="xs">
            <Title order={3} data-testid="progress-title">
              {flow.supplierName}
            </Title>
            <Badge variant="light" color={terminated ? 'red' : flow.stage === STAGE.FINISHED ? 'green' : 'blue'}>
              {flow.stageStr}
            </Badge>
            {flow.requalification && <RequalificationBadge {...flow.requalification} />}
            {flow.timeLimit && (
              <Badge variant={flow.timeLimit.overdue ? 'filled' : 'light'} color={flow.timeLimit.overdue ? 'red' : 'gray'} data-testid="node-time-limit">
                {flow.timeLimit.overdue ? (
                  <Trans>
                    已超时：{flow.timeLimit.spentDays}/{flow.timeLimit.limitDays} 个工作日
                  </Trans>
                ) : (
                  <Trans>
                    用时 {flow.timeLimit.spentDays}/{flow.timeLimit.limitDays} 个工作日
                  </Trans>
                )}
              </Badge>
            )}
            {flow.requalification?.exitFlowNo && (
              <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/supplier-exit/detail" search={{ flowNo: flow.requalification!.exitFlowNo! }} />} data-testid="progress-exit-link">
                <Trans>品类退出 {flow.requalification.exitFlowNo}</Trans>
              </Anchor>
            )}
          </Group>
          <Text size="sm" c="dimmed" data-testid="progress-subtitle">
            {flow.certScenarioStr} · {flow.flowNo}
            {flow.supplierCode ? ` · ${flow.supplierCode}` : ''}
          </Text>
        </Stack>
        <Group gap="xs">
          {flow.temporalUrl && (
            <Anchor href={flow.temporalUrl} target="_blank" rel="noreferrer" size="sm" data-testid="temporal-link">
              <Group gap={4}>
                <IconExternalLink size={14} />
                <Trans>在Temporal中查看流程</Trans>
              </Group>
            </Anchor>
          )}
          <Button size="xs" variant="default" onClick={() => setLogOpen(true)}>
            <Trans>操作日志</Trans>
          </Button>
          {/* Reloads the node screens' own data too (self-inspection rows, expert scores, RFI tasks). */}
          <Button size="xs" variant="default" onClick={() => void queryClient.invalidateQueries({ queryKey: flowDetailKeys.flow(flowNo) })}>
            <Trans>刷新</Trans>
          </Button>
        </Group>
      </Group>

      {terminated && (
        <Alert color="red" data-testid="flow-terminated">
          <Trans>认证已终止</Trans>
        </Alert>
      )}

      <Paper withBorder p="md">
        <Stack>
          <StepBar flow={flow} selected={selected?.nodeCode ?? null} onSelect={(n) => onChoose(n.nodeCode)} />
          <Legend />
        </Stack>
      </Paper>

      <InfoTable flow={flow} />

      <OpenAuditActions flowNo={flow.flowNo} count={flow.openAuditActions} jobNumber={user.jobNumber} />

      <NodeArea
        flow={flow}
        node={selected}
        jobNumber={user.jobNumber}
        onChanged={() => {
          // After a completion the page opens on the node the flow is at now.
          onChoose(undefined);
          void invalidateFlow(queryClient, flowNo);
          // A KCP2 write may have started the supplier-code application (PRERELEASE shows from then on).
          void queryClient.invalidateQueries({ queryKey: supplierCodeInfoQuery(flowNo).queryKey });
        }}
      />

      <ChangeLogDialog opened={logOpen} onClose={() => setLogOpen(false)} flowNo={flow.flowNo} relationType={RELATION_TYPE.CERT_FLOW} />
    </Stack>
  );
}
