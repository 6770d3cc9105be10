import { useRef, useState } from 'react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Button, Checkbox, Group, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { openConfirmModal } from '#web/components/overlays/confirm-modal.ts';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Trans, useLingui } from '@lingui/react/macro';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import type { RowAction } from '#domain/cert-flow/row-actions.ts';
import {
  OBJECTION_DESCRIPTION_MAX,
  OBJECTION_FILE_TYPES,
  OBJECTION_ROWS_MAX,
  publicitySaveRequest,
  type ObjectionView,
  type PublicityDetail,
} from '#domain/cert-flow/nodes/publicity.ts';
import { currentUserQuery } from '#web/api/auth.ts';
import { ERROR_TOAST_MS } from '#web/api/client.ts';
import { publicityDetailQuery, pushPublicity, returnPublicity, savePublicity, type ObjectionWire } from '#web/api/publicity.ts';
import { PageLoader } from '#web/components/page-loader.tsx';
import { FormCallerProvider, UploadField, UploadHint, useStaffUploads } from '#web/forms/index.ts';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';
import { StaffSelect } from '../staff-select.tsx';
import type { NodePanelProps } from './node-panel.ts';
import { LoadFailed, useNodeWrite } from './node-form-kit.tsx';
import { PublicityCountdown } from './publicity/publicity-countdown.tsx';

/** A row of the table as the form keeps it: `key` tells rows apart for selection; `id` names a saved row. */
type ObjectionFormRow = ObjectionWire & { key: string; proposerName: string; createTime: string | null };
type Values = { flowNo: string; objectionList: ObjectionFormRow[] };

const formRow = (o: ObjectionView): ObjectionFormRow => ({ key: `saved-${o.id}`, ...o });
const toWire = ({ id, description, proposerId, documentName, documentUrl }: ObjectionFormRow): ObjectionWire => ({
  id,
  description,
  proposerId,
  documentName: documentName || null,
  documentUrl: documentUrl || null,
});

/**
 * The publicity node (req flow §2.3, §2.6, §3.12, §4.6, §5.10): the countdown to the period's end, the
 * objections table (add, delete selected rows, save) and the return to KCP2 for the principal, the push
 * as an announcement for cert_process_manage_all. No complete button: the period's end moves the flow on.
 */
export default function PublicityPanel({ flow, onChanged }: NodePanelProps) {
  const query = useQuery(publicityDetailQuery(flow.flowNo));
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  const d = query.data;
  return (
    <Stack data-testid="publicity-panel">
      {d.nodeStatus === NODE_STATUS.IN_PROGRESS && d.endTime && (
        <PublicityCountdown endTime={d.endTime} serverNow={d.now} receivedAt={query.dataUpdatedAt} onOver={onChanged} />
      )}
      {d.nodeStatus === NODE_STATUS.FINISHED && (
        <Text size="sm" c="dimmed" data-testid="publicity-over">
          <Trans>公示期已结束</Trans>
        </Text>
      )}
      {/* A new form when the saved table or the node's state changed, not on every re-read. */}
      <ObjectionsForm key={`${d.nodeStatus}:${JSON.stringify(d.objectionList)}`} flowNo={flow.flowNo} detail={d} onChanged={onChanged} />
    </Stack>
  );
}

function ObjectionsForm({ flowNo, detail, onChanged }: { flowNo: string; detail: PublicityDetail; onChanged: () => void }) {
  const { t } = useLingui();
  const tr = useRuleMessage();
  const { data: me } = useSuspenseQuery(currentUserQuery());
  const form = useForm<Values>({
    initialValues: { flowNo, objectionList: detail.objectionList.map(formRow) },
    validate: zod4Resolver(publicitySaveRequest),
  });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const added = useRef(0);
  const save = useNodeWrite({
    flowNo,
    nodeCode: 'PUBLICITY',
    form,
    write: (v: Values) => savePublicity({ flowNo, objectionList: v.objectionList.map(toWire) }),
    onChanged,
  });
  const revert = useNodeWrite<void>({ flowNo, nodeCode: 'PUBLICITY', write: () => returnPublicity(flowNo), onChanged });
  const push = useNodeWrite<void>({ flowNo, nodeCode: 'PUBLICITY', write: () => pushPublicity(flowNo), onChanged });
  const uploads = useStaffUploads();

  const { actions } = detail;
  const readOnly = !actions.save.allowed;
  const inProgress = detail.nodeStatus === NODE_STATUS.IN_PROGRESS;
  const rows = form.getValues().objectionList;
  const error = (i: number, field: string) => tr(form.errors[`objectionList.${i}.${field}`]);

  const addRow = () => {
    const row: ObjectionFormRow = {
      key: `new-${(added.current += 1)}`,
      id: null,
      description: '',
      proposerId: me.jobNumber,
      proposerName: me.name,
      documentName: null,
      documentUrl: null,
      createTime: null,
    };
    form.insertListItem('objectionList', row);
  };
  // Req flow §5.10: delete needs a selected row; the rows go on save.
  const deleteSelected = () => {
    if (!selected.size) return notifications.show({ color: 'yellow', message: tr('selectRowToDelete'), autoClose: ERROR_TOAST_MS });
    form.setFieldValue(
      'objectionList',
      rows.filter((r) => !selected.has(r.key)),
    );
    form.clearErrors();
    setSelected(new Set());
  };
  const toggle = (key: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  const confirmReturn = () =>
    openConfirmModal({
      title: t`退回`,
      children: <Text size="sm">{t`确定将流程退回到上一节点（KCP2）吗？退回后将重新开始公示。`}</Text>,
      labels: { confirm: t`确定`, cancel: t`取消` },
      confirmProps: { 'data-testid': 'publicity-return-confirm' },
      onConfirm: () => revert.mutate(),
    });

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Text fw={500}>
          <Trans>异议列表</Trans>
        </Text>
        {!readOnly && (
          <Group gap="xs">
            <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} disabled={rows.length >= OBJECTION_ROWS_MAX} onClick={addRow} data-testid="publicity-add-row">
              <Trans>新增</Trans>
            </Button>
            <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={deleteSelected} data-testid="publicity-delete-rows">
              <Trans>删除</Trans>
            </Button>
          </Group>
        )}
      </Group>
      {!readOnly && <UploadHint extensions={OBJECTION_FILE_TYPES} />}
      <Table.ScrollContainer minWidth={900} type="native">
        <Table withTableBorder withColumnBorders verticalSpacing={6} horizontalSpacing="xs" aria-label={t`异议列表`} data-testid="publicity-objections">
          <Table.Thead>
            <Table.Tr>
              {!readOnly && <Table.Th w={40} />}
              <Table.Th w={48}>#</Table.Th>
              <Table.Th miw={260}>
                {!readOnly && (
                  <Text span c="red" mr={2}>
                    *
                  </Text>
                )}
                {t`异议说明`}
              </Table.Th>
              <Table.Th w={200}>{t`提出人`}</Table.Th>
              <Table.Th w={240}>{t`附件`}</Table.Th>
              <Table.Th w={170}>{t`创建时间`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={readOnly ? 5 : 6}>
                  <Text size="sm" c="dimmed" ta="center">
                    <Trans>暂无异议</Trans>
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((row, i) => (
              <Table.Tr key={row.key} data-testid={`publicity-row-${i}`}>
                {!readOnly && (
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    <Checkbox mt={8} aria-label={t`选择第${i + 1}行`} checked={selected.has(row.key)} onChange={(e) => toggle(row.key, e.currentTarget.checked)} />
                  </Table.Td>
                )}
                <Table.Td style={{ verticalAlign: 'top' }}>{i + 1}</Table.Td>
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <TextInput
                    aria-label={t`第${i + 1}行异议说明`}
                    readOnly={readOnly}
                    description={readOnly ? undefined : `${row.description.length}/${OBJECTION_DESCRIPTION_MAX}`}
                    {...form.getInputProps(`objectionList.${i}.description`)}
                    error={error(i, 'description')}
                  />
                </Table.Td>
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <StaffSelect
                    aria-label={t`第${i + 1}行提出人`}
                    readOnly={readOnly}
                    value={row.proposerId ? { jobNumber: row.proposerId, name: row.proposerName } : null}
                    onChange={(person) => {
                      form.setFieldValue(`objectionList.${i}.proposerId`, person?.jobNumber ?? '');
                      form.setFieldValue(`objectionList.${i}.proposerName`, person?.name ?? '');
                      form.clearFieldError(`objectionList.${i}.proposerId`);
                    }}
                    error={error(i, 'proposerId')}
                  />
                </Table.Td>
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <FormCallerProvider value={uploads.caller}>
                    <UploadField
                      hideHint
                      readOnly={readOnly}
                      extensions={OBJECTION_FILE_TYPES}
                      value={{ name: row.documentName, url: row.documentUrl }}
                      onChange={({ name, url }) => {
                        form.setFieldValue(`objectionList.${i}.documentName`, name || null);
                        form.setFieldValue(`objectionList.${i}.documentUrl`, url || null);
                        form.clearFieldError(`objectionList.${i}.documentName`);
                        form.clearFieldError(`objectionList.${i}.documentUrl`);
                      }}
                      error={error(i, 'documentName') ?? error(i, 'documentUrl')}
                    />
                  </FormCallerProvider>
                </Table.Td>
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <Text size="sm" mt={6}>
                    {row.createTime ?? '-'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {tr(form.errors.objectionList) && (
        <Text size="xs" c="red">
          {tr(form.errors.objectionList)}
        </Text>
      )}
      {inProgress && (
        <Group justify="flex-end">
          {actions.push.allowed || actions.push.reason !== 'noPublicityPushKey' ? (
            <ActionButton action={actions.push} loading={push.isPending} onClick={() => push.mutate()} testId="publicity-push">
              <Trans>推送</Trans>
            </ActionButton>
          ) : null}
          <ActionButton action={actions.return} loading={revert.isPending} disabled={save.isPending} onClick={confirmReturn} testId="publicity-return" variant="default">
            <Trans>退回</Trans>
          </ActionButton>
          <ActionButton
            action={actions.save}
            loading={save.isPending}
            disabled={revert.isPending || uploads.busy}
            onClick={() => {
              if (!form.validate().hasErrors) save.mutate(form.getValues());
            }}
            testId="publicity-save"
          >
            <Trans>保存</Trans>
          </ActionButton>
        </Group>
      )}
    </Stack>
  );
}

/** A button the server's answer allows; refused, it stays inert with the reason as its tooltip. */
function ActionButton({
  action,
  onClick,
  testId,
  children,
  ...rest
}: {
  action: RowAction;
  onClick: () => void;
  testId: string;
  children: React.ReactNode;
  loading?: boolean;
  disabled?: boolean;
  variant?: string;
}) {
  const tr = useRuleMessage();
  const button = (
    <Button {...rest} data-testid={testId} data-disabled={!action.allowed || undefined} onClick={action.allowed ? onClick : (e) => e.preventDefault()}>
      {children}
    </Button>
  );
  return action.allowed ? button : <Tooltip label={tr(action.reason)}>{button}</Tooltip>;
}
