import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Badge, Button, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Trans, useLingui } from '@lingui/react/macro';
import { NODE_REQUIRED } from '#domain/cert-flow/enums.ts';
import { APPROVE_STATUS, type SelfInspectionDetail, type SelfInspectionRow } from '#domain/cert-flow/nodes/self-inspection.ts';
import { PageLoader } from '#web/components/page-loader.tsx';
import { downloadFile } from '#web/forms/index.ts';
import { finishSelfInspection, selfInspectionDetailQuery, selfInspectionKeys } from '#web/api/self-inspection.ts';
import type { NodePanelProps } from './node-panel.ts';
import { confirmComplete, LoadFailed, OptionalCompleteButton } from './node-form-kit.tsx';
import { IssueDialog } from './self-inspection/issue-dialog.tsx';
import { AuditDialog } from './self-inspection/audit-dialog.tsx';

const STATUS_COLOR: Record<number, string> = { 10: 'gray', 20: 'blue', 30: 'orange', 40: 'red', 50: 'green' };

/**
 * The self-inspection node (req flow §2.6, §4.7): one row per dimension. The row's owner issues the
 * actual template at status 10 and audits at status 30; everyone else reads. The node completes by
 * itself when the last row is approved (req flow §4.2); its principal can retry that completion. Where the
 * node is optional (category-expansion plan) its principal can also complete it directly.
 */
export default function SelfInspectionPanel({ flow, node, jobNumber, editable, onChanged }: NodePanelProps) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const query = useQuery(selfInspectionDetailQuery(flow.flowNo, i18n.locale));
  const [dialog, setDialog] = useState<{ kind: 'issue' | 'audit'; row: SelfInspectionRow } | null>(null);
  const refresh = () => {
    setDialog(null);
    void queryClient.invalidateQueries({ queryKey: selfInspectionKeys.detail(flow.flowNo) });
    onChanged();
  };
  const finish = useMutation({
    mutationFn: () => finishSelfInspection(flow.flowNo),
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      refresh();
    },
  });

  const detail = query.data;
  if (query.isPending) return <PageLoader />;
  if (query.isError || !detail) return <LoadFailed onRetry={() => void query.refetch()} />;

  const canAct = (row: SelfInspectionRow) => detail.inProgress && row.principalId === jobNumber;
  return (
    <Stack data-testid="self-inspection-panel">
      <AccountWarning detail={detail} />
      {!detail.rows.length ? (
        <Text c="dimmed" size="sm">
          <Trans>暂无数据</Trans>
        </Text>
      ) : (
        <ScrollArea.Autosize mah={400} type="auto">
          <Table miw={1000} withTableBorder withColumnBorders stickyHeader verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>自检维度</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>负责人</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>状态</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>参考模版</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>实际模版</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>供应商自检文件</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>自评分</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>审核意见</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>操作</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.rows.map((row) => (
                <Table.Tr key={row.aid} data-testid={`self-inspection-row-${row.dimensionCode}`}>
                  <Table.Td>{row.dimensionDesc}</Table.Td>
                  <Table.Td>{row.principalName}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATUS_COLOR[row.approveStatus] ?? 'gray'}>
                      {row.approveStatusStr}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Anchor href={row.modelUrl} download size="sm">
                      {row.modelName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <FileLink name={row.templateName} url={row.templateUrl} />
                  </Table.Td>
                  <Table.Td>
                    <FileLink name={row.documentName} url={row.documentUrl} />
                  </Table.Td>
                  <Table.Td>{row.selfScore ?? '-'}</Table.Td>
                  <Table.Td>{row.approveOpinion ?? '-'}</Table.Td>
                  <Table.Td>
                    {canAct(row) && row.approveStatus === APPROVE_STATUS.AWAITING_ISSUE && (
                      <Button size="compact-sm" variant="light" onClick={() => setDialog({ kind: 'issue', row })} data-testid="self-inspection-issue">
                        <Trans>上传并下发</Trans>
                      </Button>
                    )}
                    {canAct(row) && row.approveStatus === APPROVE_STATUS.AWAITING_AUDIT && (
                      <Button size="compact-sm" variant="light" onClick={() => setDialog({ kind: 'audit', row })} data-testid="self-inspection-audit">
                        <Trans>审核</Trans>
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
      {detail.inProgress && detail.allApproved && detail.principalId === jobNumber && node.nodeRequired !== NODE_REQUIRED.OPTIONAL && (
        // The last approval completes the node; if the engine missed it, the principal retries here
        // (an optional node has the direct completion below instead).
        <Group>
          <Button onClick={() => confirmComplete(() => finish.mutate())} loading={finish.isPending} data-testid="self-inspection-finish">
            <Trans>完成节点</Trans>
          </Button>
        </Group>
      )}
      <OptionalCompleteButton flow={flow} node={node} owner={editable} onChanged={refresh} />
      {dialog?.kind === 'issue' && <IssueDialog flowNo={flow.flowNo} row={dialog.row} onClose={() => setDialog(null)} onDone={refresh} />}
      {dialog?.kind === 'audit' && <AuditDialog flowNo={flow.flowNo} row={dialog.row} onClose={() => setDialog(null)} onDone={refresh} />}
    </Stack>
  );
}

/** Req flow §4.7: the supplier submits through a portal account holding the collaboration role. */
function AccountWarning({ detail }: { detail: SelfInspectionDetail }) {
  const { t } = useLingui();
  if (!detail.supplierAccountWarning || !detail.inProgress) return null;
  const text =
    detail.supplierAccountWarning === 'NO_ACCOUNT'
      ? t`供应商尚无门户账号，无法提交自检结论。`
      : t`供应商账号缺少供应商准入协同角色，无法提交自检结论。`;
  return (
    <Alert color="yellow" data-testid="self-inspection-account-warning">
      {text}
    </Alert>
  );
}

function FileLink({ name, url }: { name: string | null; url: string | null }) {
  if (!name || !url) return <>-</>;
  return (
    <Anchor size="sm" component="button" type="button" onClick={() => void downloadFile(url, name, 'staff')}>
      {name}
    </Anchor>
  );
}
