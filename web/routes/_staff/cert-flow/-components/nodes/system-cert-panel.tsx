import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import { PageLoader } from '#web/components/page-loader.tsx';
import { systemCertDetailQuery, systemCertKeys } from '#web/api/system-cert.ts';
import type { NodePanelProps } from './node-panel.ts';
import { LoadFailed } from './node-form-kit.tsx';
import { LeadingCells, ReadScoreCells } from './system-cert/item-cells.tsx';
import { ScoreRow } from './system-cert/score-row.tsx';
import { useExpertAssignment } from './system-cert/expert-assignment.ts';
import { CompleteButton } from './system-cert/complete-button.tsx';

/**
 * The system certification node (spec 2 §2.6, §4.8): a table of the inspection dimensions with self
 * score, review expert, on-site target scores, risk item, expert panel conclusion with score and
 * materials. The purchasing manager picks the experts; each expert edits only their own row; the
 * quality expert (else the purchasing manager) completes the node.
 */
export default function SystemCertPanel({ flow, onChanged }: NodePanelProps) {
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

      <ScrollArea.Autosize mah={400} type="auto">
        <Table miw={1300} withTableBorder withColumnBorders stickyHeader verticalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>自检维度</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>自评分</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>评审专家</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>现场审核指标得分</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>风险项</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>专家组结论 / 得分</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>材料</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>状态</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detail.items.map((item) => {
              const expert = detail.mayEditPeople ? people.choice(item.indexCode) : undefined;
              if (detail.editableIndexCodes.includes(item.indexCode)) {
                return <ScoreRow key={item.indexCode} flowNo={flow.flowNo} item={item} expert={expert} onSaved={refresh} />;
              }
              return (
                <Table.Tr key={item.indexCode} data-testid={`system-cert-row-${item.indexCode}`}>
                  <LeadingCells item={item} expert={expert} />
                  <ReadScoreCells item={item} />
                  <Table.Td>
                    {item.submitted ? (
                      <Badge color="green" variant="light">
                        <Trans>已提交</Trans>
                      </Badge>
                    ) : (
                      <Badge color="gray" variant="light">
                        <Trans>未提交</Trans>
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>

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
