import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Paper, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { standardKeys, vdaAuditQuery } from '#web/api/standards.ts';
import { ActionTable } from './action-items.tsx';

/**
 * The process audit's action items not closed yet (req flow §10.4), shown on the progress page and in KCP2 while any
 * is open (`count`, the flow detail's figure); the element's expert may close or return answered ones from here too.
 */
export function OpenAuditActions({ flowNo, count, jobNumber }: { flowNo: string; count: number; jobNumber: string }) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const query = useQuery({ ...vdaAuditQuery(flowNo, i18n.locale), enabled: count > 0 });
  if (!count || !query.data) return null;
  const open = query.data.actions.filter((a) => a.status !== 'CLOSED');
  if (!open.length) return null;
  const expertOf = (questionId: string) => query.data.elements.find((e) => questionId.startsWith(`${e.code}.`))?.expertJobNumber;
  return (
    <Paper withBorder p="sm" data-testid="open-audit-actions">
      <Title order={6}>
        <Trans>未关闭的过程审核措施项（{open.length}）</Trans>
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        <Trans>来自体系认证的 VDA 6.3 过程审核，供 KCP2 评审参考</Trans>
      </Text>
      <ActionTable
        actions={open}
        flowNo={flowNo}
        mayDecide={(a) => a.status === 'ANSWERED' && expertOf(a.questionId) === jobNumber}
        onChanged={() => void queryClient.invalidateQueries({ queryKey: standardKeys.vda(flowNo) })}
      />
    </Paper>
  );
}
