import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import { PageLoader } from '#web/components/page-loader.tsx';
import { systemCertDetailQuery, systemCertKeys } from '#web/api/system-cert.ts';
import type { NodePanelProps } from './node-panel.ts';
import { LoadFailed } from './node-form-kit.tsx';
import { DimensionCard, ExpertField, ReadScoreFields, SubmittedBadge } from './system-cert/item-cells.tsx';
import { ScoreCard } from './system-cert/score-card.tsx';
import { useExpertAssignment } from './system-cert/expert-assignment.ts';
import { CompleteButton } from './system-cert/complete-button.tsx';
import { VdaAuditPanel } from './vda-audit/vda-audit-panel.tsx';

/**
 * The system certification node (req flow §2.6, §4.8): a card per inspection dimension with its self
 * score, review expert, on-site target scores, risk item, expert panel conclusion with score and
 * materials. The purchasing manager picks the experts; each expert edits only their own row; the
 * quality expert (else the purchasing manager) completes the node.
 */
export default function SystemCertPanel({ flow, jobNumber, onChanged }: NodePanelProps) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const query = useQuery(systemCertDetailQuery(flow.flowNo, i18n.locale));
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: systemCertKeys.detail(flow.flowNo) });
  };
  const detail = query.data;
  const people = useExpertAssignment(flow.flowNo, detail?.items ?? [], detail?.optional ?? false, refresh);

  if (query.isPending) return <PageLoader />;
  if (query.isError || !detail) return <LoadFailed onRetry={() => void query.refetch()} />;
  // A scenario using VDA 6.3 audits instead of scoring dimensions (req flow §10).
  if (detail.standard === 'VDA63') return <VdaAuditPanel flow={flow} jobNumber={jobNumber} onChanged={onChanged} />;
  if (!detail.items.length) {
    return (
      <Text c="dimmed" size="sm">
        <Trans>暂无数据</Trans>
      </Text>
    );
  }

  const inProgress = detail.nodeStatus === NODE_STATUS.IN_PROGRESS;
  return (
    <Stack data-testid="system-cert-panel">
      <Group gap="xs">
        <Badge variant="light" color={detail.step === 'people' ? 'blue' : 'gray'}>
          <Trans>1. 选择评审专家</Trans>
        </Badge>
        <Badge variant="light" color={detail.step === 'score' && !detail.allScored ? 'blue' : 'gray'}>
          <Trans>2. 专家评分</Trans>
        </Badge>
        <Badge variant="light" color={detail.allScored && inProgress ? 'blue' : 'gray'}>
          <Trans>3. 完成</Trans>
        </Badge>
      </Group>

      {detail.items.map((item) => {
        const expert = detail.mayEditPeople ? people.choice(item.indexCode) : undefined;
        if (detail.editableIndexCodes.includes(item.indexCode)) {
          return <ScoreCard key={item.indexCode} flowNo={flow.flowNo} item={item} expert={expert} onSaved={refresh} />;
        }
        return (
          <DimensionCard key={item.indexCode} item={item} status={<SubmittedBadge submitted={item.submitted} />}>
            <ExpertField item={item} expert={expert} />
            <ReadScoreFields item={item} />
          </DimensionCard>
        );
      })}

      {inProgress && (
        <Group justify="flex-end">
          {detail.mayEditPeople && (
            <Button variant="light" onClick={people.save} loading={people.saving} disabled={!people.dirty && detail.step === 'score'} data-testid="system-cert-save-experts">
              <Trans>提交评审专家</Trans>
            </Button>
          )}
          <CompleteButton
            flowNo={flow.flowNo}
            detail={detail}
            onDone={() => {
              refresh();
              onChanged();
            }}
          />
        </Group>
      )}
    </Stack>
  );
}
