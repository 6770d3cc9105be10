import { useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { ActionIcon, Group, Paper, Table, Title, Tooltip, useMatches } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import type { FlowContact, FlowDetail } from '#domain/cert-flow/flow-detail.ts';
import { revealContact } from '#web/api/cert-flow-detail.ts';

const dash = (v: string | null | undefined) => (v ? v : '-');

/**
 * The registration info of the flow (req flow §2.3). Contact values arrive masked; a user the row's
 * admin flag allows can reveal them (each reveal is logged by the server) and hide them again.
 */
export function InfoTable({ flow }: { flow: FlowDetail }) {
  const r = flow.registration;
  const [clear, setClear] = useState<FlowContact | null>(null);
  const reveal = useMutation({ mutationFn: () => revealContact(flow.flowNo), onSuccess: setClear });
  const contact = clear ?? r;
  // Two label/value pairs a row where they fit; one on a phone, so a label keeps a readable width.
  const perRow = useMatches({ base: 1, sm: 2 });

  const toggle = flow.contactEnable ? (
    <Tooltip label={clear ? t`隐藏联系人信息` : t`查看联系人信息`}>
      <ActionIcon
        variant="subtle"
        size="sm"
        loading={reveal.isPending}
        aria-label={clear ? t`隐藏联系人信息` : t`查看联系人信息`}
        data-testid="contact-reveal"
        onClick={() => (clear ? setClear(null) : reveal.mutate())}
      >
        {clear ? <IconEyeOff size={16} /> : <IconEye size={16} />}
      </ActionIcon>
    </Tooltip>
  ) : null;

  const rows: [ReactNode, ReactNode][] = [
    [<Trans>供应商名称</Trans>, r.supplierName],
    [<Trans>CMT名称</Trans>, dash(r.cmtName)],
    [<Trans>地址</Trans>, dash(r.address)],
    [<Trans>当前品类</Trans>, dash(r.currentCategoryNames)],
    [<Trans>采购经理</Trans>, dash(r.purchaseName)],
    [<Trans>CMT Leader</Trans>, dash(r.cmtLeaderName)],
    [<Trans>推荐人</Trans>, dash(r.recommendName)],
    [<Trans>申请理由</Trans>, dash(r.applyReason)],
    [<Trans>联系人姓名</Trans>, <Group gap={4} component="span">{contact.contactName}{toggle}</Group>],
    [<Trans>联系人邮箱</Trans>, <span data-testid="contact-email">{dash(contact.contactEmail)}</span>],
    [<Trans>联系人电话</Trans>, <span data-testid="contact-number">{`${contact.contactAreaCode} ${contact.contactNumber}`}</span>],
  ];

  return (
    <Paper withBorder p="md">
      <Title order={5} mb="sm">
        <Trans>注册信息</Trans>
      </Title>
      <Table withTableBorder withColumnBorders data-testid="info-table">
        <Table.Tbody>
          {chunks(rows, perRow).map((pair, i) => (
            <Table.Tr key={i}>
              {pair.map(([label, value], j) => [
                <Table.Th key={`l${j}`} w={perRow === 1 ? '35%' : '14%'} bg="var(--mantine-color-gray-0)">
                  {label}
                </Table.Th>,
                <Table.Td key={`v${j}`} w={perRow === 1 ? '65%' : '36%'} style={{ overflowWrap: 'anywhere' }}>
                  {value}
                </Table.Td>,
              ])}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
