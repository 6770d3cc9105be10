import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { TextInput } from '@mantine/core';
import { OptionSelect, QueryForm, useListQueryForm } from '#web/components/list-tools/index.ts';
import { dictQuery, scenariosQuery, type StaffOption } from '#web/api/reference.ts';
import type { FlowListFilters } from './flow-list-search.ts';
import { StaffSelect } from './staff-select.tsx';

/**
 * The query form of the flow list (req flow §2.1) in the shell's generic form (req shell §2.6). It edits a
 * draft of the applied filters; 查询 applies the draft, 重置 clears it. The page keys it by the applied
 * filters, so Back shows what is applied and opens the form expanded when a folded field holds one.
 */
export function FlowQueryForm({ applied, onApply, actions }: { applied: FlowListFilters; onApply: (filters: FlowListFilters) => void; actions?: ReactNode }) {
  const { i18n } = useLingui();
  const form = useListQueryForm(applied, onApply);
  const { draft, set } = form;
  const stages = useQuery(dictQuery('fri_cert_stage', i18n.locale));
  const scenarios = useQuery(scenariosQuery(1, i18n.locale));
  const stageName = new Map((stages.data ?? []).map((d) => [Number(d.dictKey), d.dictValue]));
  const scenarioName = new Map((scenarios.data ?? []).map((s) => [s.code, s.name]));

  return (
    <QueryForm
      {...form.actions}
      actions={actions}
      items={[
        form.item('flowNo', <TextInput label={<Trans>流程编号</Trans>} {...form.text('flowNo')} />),
        form.item('supplierName', <TextInput label={<Trans>供应商名称</Trans>} {...form.text('supplierName')} />),
        form.item('cmtName', <TextInput label={<Trans>CMT名称</Trans>} {...form.text('cmtName')} />),
        form.item('categoryNames', <TextInput label={<Trans>小类名称</Trans>} {...form.text('categoryNames')} />),
        form.item(
          'purchaseJobNumber',
          <StaffSelect
            label={<Trans>采购经理</Trans>}
            value={person(draft.purchaseJobNumber, draft.purchaseName)}
            onChange={(v) => {
              set('purchaseJobNumber', v?.jobNumber);
              set('purchaseName', v?.name);
            }}
          />,
        ),
        form.item(
          'cmtLeader',
          <StaffSelect
            label="CMT Leader"
            value={person(draft.cmtLeader, draft.cmtLeaderName)}
            onChange={(v) => {
              set('cmtLeader', v?.jobNumber);
              set('cmtLeaderName', v?.name);
            }}
          />,
        ),
        form.item(
          'certScenario',
          <OptionSelect label={<Trans>认证场景</Trans>} options={[...scenarioName.keys()]} optionLabel={(code) => scenarioName.get(code) ?? code} {...form.choice('certScenario')} />,
        ),
        form.item(
          'stage',
          <OptionSelect label={<Trans>当前阶段</Trans>} options={[...stageName.keys()]} optionLabel={(stage) => stageName.get(stage) ?? String(stage)} {...form.choice('stage')} />,
        ),
        form.item('timeLimit', <OptionSelect label={<Trans>节点时限</Trans>} options={['overdue'] as const} optionLabel={() => t`已超时`} {...form.choice('timeLimit')} />),
      ]}
    />
  );
}

/** A chosen person as the picker shows them; a link without the name shows the job number. */
const person = (jobNumber: string | undefined, name: string | undefined): StaffOption | null => (jobNumber ? { jobNumber, name: name ?? jobNumber } : null);
