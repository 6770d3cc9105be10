import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Select, TextInput } from '@mantine/core';
import { QueryForm, type QueryItem } from '#web/components/list-tools/index.ts';
import { dictQuery, scenariosQuery, type StaffOption } from '#web/api/reference.ts';
import type { FlowListFilters } from './flow-list-search.ts';
import { StaffSelect } from './staff-select.tsx';

/**
 * The query form of the flow list (spec 2 §2.1) in the shell's generic form (spec 3 §2.6). It edits a
 * draft of the applied filters; 查询 applies the draft, 重置 clears it. The page keys it by the applied filters, so Back shows what is applied.
 */
export function FlowQueryForm({ applied, onApply, actions }: { applied: FlowListFilters; onApply: (filters: FlowListFilters) => void; actions?: ReactNode }) {
  const { i18n } = useLingui();
  const [draft, setDraft] = useState<FlowListFilters>(applied);
  const stages = useQuery(dictQuery('fri_cert_stage', i18n.locale));
  const scenarios = useQuery(scenariosQuery(1, i18n.locale));
  const text = (key: 'flowNo' | 'supplierName' | 'cmtName' | 'categoryNames') => ({
    value: draft[key] ?? '',
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setDraft({ ...draft, [key]: e.currentTarget.value || undefined }),
  });
  const item = (key: keyof FlowListFilters, field: ReactNode): QueryItem => ({ key, field, active: applied[key] !== undefined });

  return (
    <QueryForm
      actions={actions}
      onSearch={() => onApply(draft)}
      onReset={() => {
        setDraft({});
        onApply({});
      }}
      items={[
        item('flowNo', <TextInput label={<Trans>流程编号</Trans>} {...text('flowNo')} />),
        item('supplierName', <TextInput label={<Trans>供应商名称</Trans>} {...text('supplierName')} />),
        item('cmtName', <TextInput label={<Trans>CMT名称</Trans>} {...text('cmtName')} />),
        item('categoryNames', <TextInput label={<Trans>小类名称</Trans>} {...text('categoryNames')} />),
        item(
          'purchaseJobNumber',
          <StaffSelect
            label={<Trans>采购经理</Trans>}
            value={person(draft.purchaseJobNumber, draft.purchaseName)}
            onChange={(v) => setDraft({ ...draft, purchaseJobNumber: v?.jobNumber, purchaseName: v?.name })}
          />,
        ),
        item(
          'cmtLeader',
          <StaffSelect
            label="CMT Leader"
            value={person(draft.cmtLeader, draft.cmtLeaderName)}
            onChange={(v) => setDraft({ ...draft, cmtLeader: v?.jobNumber, cmtLeaderName: v?.name })}
          />,
        ),
        item(
          'certScenario',
          <Select
            label={<Trans>认证场景</Trans>}
            clearable
            data={(scenarios.data ?? []).map((s) => ({ value: s.code, label: s.name }))}
            value={draft.certScenario ?? null}
            onChange={(v) => setDraft({ ...draft, certScenario: v ?? undefined })}
          />,
        ),
        item(
          'stage',
          <Select
            label={<Trans>当前阶段</Trans>}
            clearable
            data={(stages.data ?? []).map((d) => ({ value: d.dictKey, label: d.dictValue }))}
            value={draft.stage === undefined ? null : String(draft.stage)}
            onChange={(v) => setDraft({ ...draft, stage: v === null ? undefined : Number(v) })}
          />,
        ),
      ]}
    />
  );
}

/** A chosen person as the picker shows them; a link without the name shows the job number. */
const person = (jobNumber: string | undefined, name: string | undefined): StaffOption | null => (jobNumber ? { jobNumber, name: name ?? jobNumber } : null);
