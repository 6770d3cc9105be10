import { useNavigate } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Button, Checkbox, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { INSPECTION_DIMENSIONS } from '#domain/cert-flow/dimensions.ts';
import { FLOW_ROLES } from '#domain/permissions.ts';
import {
  CONFIG_MODE,
  PUBLICITY_SECONDS,
  SCENARIO_TYPES,
  SCENARIO_TYPE_CODES,
  scenarioConfigInput,
  type ScenarioConfigDetail,
  type ScenarioConfigShape,
  type ScenarioType,
} from '#domain/scenario/scenario-config.ts';
import { isApiError } from '#web/api/client.ts';
import { referenceKeys } from '#web/api/reference.ts';
import { createScenario, editScenario, scenarioDetailQuery, scenarioKeys } from '#web/api/scenario-config.ts';
import { PageLoader } from '#web/components/page-loader.tsx';
import { useFieldProps, useRuleMessage } from '#web/hooks/use-rule-message.ts';
import { StatusBadge } from './scenario-list-page.tsx';
import { PlanEditor, newNode } from './plan-editor.tsx';
import { VersionPanel } from './version-panel.tsx';
import { StandardsCard } from './standards-card.tsx';
import { NO_STANDARDS } from '#domain/scenario/standards.ts';
import { dimensionName, roleName, typeName } from './names.ts';

const blank = (type: ScenarioType = 'NEW_SUPPLIER'): ScenarioConfigShape => ({
  nameZh: '',
  nameEn: '',
  scenarioType: type,
  nodes: SCENARIO_TYPES[type].nodes.map(newNode),
  publicitySeconds: 7 * PUBLICITY_SECONDS.day,
  dimensions: INSPECTION_DIMENSIONS.map((d) => ({ code: d.code, owner: d.owner })),
  standards: NO_STANDARDS,
});

/** The editor of one scenario in its mode; an existing one waits for its configuration. */
export function ScenarioEditorPage(props: { code?: string; mode: number }) {
  const detail = useQuery({ ...scenarioDetailQuery(props.code ?? ''), enabled: !!props.code });
  if (props.code && !detail.data) return <PageLoader />;
  return <ScenarioEditor mode={props.mode} detail={detail.data} />;
}

/**
 * A scenario (req scenario §2.5): names, type, the plan by stage, the publicity period in days, the
 * inspection dimensions and their responsible roles; its versions and their diff. NEW saves a draft;
 * EDIT saves (a new version once applied); APPLY shows it read-only with the button that applies it.
 */
function ScenarioEditor({ mode, detail }: { mode: number; detail?: ScenarioConfigDetail }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tr = useRuleMessage();
  const initial: ScenarioConfigShape = detail
    ? { nameZh: detail.nameZh, nameEn: detail.nameEn, scenarioType: detail.scenarioType, nodes: detail.nodes, publicitySeconds: detail.publicitySeconds, dimensions: detail.dimensions, standards: detail.standards ?? NO_STANDARDS }
    : blank();
  const form = useForm<ScenarioConfigShape>({ mode: 'controlled', initialValues: initial, validate: zod4Resolver(scenarioConfigInput) });
  const field = useFieldProps(form);
  const readOnly = mode === CONFIG_MODE.APPLY || (detail !== undefined && !detail.editable);
  const values = form.getValues();

  const save = useMutation({
    mutationFn: (a: { values: ScenarioConfigShape; mode: number }) =>
      a.mode === CONFIG_MODE.NEW ? createScenario(a.values) : editScenario({ ...a.values, code: detail!.code, mode: a.mode as 1 | 2 }),
    onSuccess: (saved) => {
      notifications.show({ color: 'green', message: saved.message });
      void queryClient.invalidateQueries({ queryKey: scenarioKeys.all });
      void queryClient.invalidateQueries({ queryKey: referenceKeys.all });
      void navigate({ to: '/scenario-config/edit', search: { code: saved.code, mode: CONFIG_MODE.EDIT }, replace: mode === CONFIG_MODE.NEW });
    },
    onError: (err) => {
      if (isApiError(err) && Object.keys(err.fieldErrors).length) form.setErrors(err.fieldErrors);
      notifications.show({ color: 'red', message: err.message, autoClose: 3000 });
    },
  });
  const submit = (m: number) => form.onSubmit((v) => save.mutate({ values: v, mode: m }))();

  const days = values.publicitySeconds / PUBLICITY_SECONDS.day;
  const dimOf = (code: string) => values.dimensions.find((d) => d.code === code);
  const setDims = (dims: ScenarioConfigShape['dimensions']) =>
    form.setFieldValue('dimensions', INSPECTION_DIMENSIONS.flatMap((d) => dims.filter((x) => x.code === d.code)));
  const roleOptions = [...FLOW_ROLES, 'CMT_LEADER'].map((r) => ({ value: r, label: roleName(r, i18n.locale) }));

  return (
    <Stack data-testid="scenario-editor" data-mode={mode}>
      <Group justify="space-between">
        <Group>
          <Title order={3}>{mode === CONFIG_MODE.NEW ? <Trans>新建场景</Trans> : mode === CONFIG_MODE.EDIT ? <Trans>编辑场景</Trans> : <Trans>查看/应用场景</Trans>}</Title>
          {detail && <StatusBadge status={detail.status} />}
        </Group>
        <Group>
          <Button variant="default" onClick={() => void navigate({ to: '/scenario-config', search: { currentPage: 1, pageSize: 20 } })}>
            <Trans>返回列表</Trans>
          </Button>
          {!readOnly && (
            <Button variant="light" loading={save.isPending} onClick={() => submit(mode === CONFIG_MODE.NEW ? CONFIG_MODE.NEW : CONFIG_MODE.EDIT)} data-testid="scenario-save">
              <Trans>保存</Trans>
            </Button>
          )}
          {detail?.editable && (
            <Button loading={save.isPending} onClick={() => submit(CONFIG_MODE.APPLY)} data-testid="scenario-apply">
              {readOnly ? <Trans>应用</Trans> : <Trans>保存并应用</Trans>}
            </Button>
          )}
        </Group>
      </Group>
      {readOnly && detail && (
        <Text size="sm" c="dimmed">
          <Trans>当前显示 v{detail.version}；应用后新发起的流程使用此版本，进行中的流程保持原版本。</Trans>
        </Text>
      )}
      <Paper withBorder p="sm">
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <TextInput label={t`场景名称（中文）`} withAsterisk maxLength={50} readOnly={readOnly} {...field('nameZh')} data-testid="scenario-name-zh" />
          <TextInput label={t`场景名称（英文）`} withAsterisk maxLength={100} readOnly={readOnly} {...field('nameEn')} data-testid="scenario-name-en" />
          <Select
            label={t`场景类型`}
            withAsterisk
            data={SCENARIO_TYPE_CODES.map((c) => ({ value: c, label: typeName(c, i18n.locale) }))}
            value={values.scenarioType}
            // The type decides the apply type of its flows: fixed once applied.
            disabled={readOnly || detail?.appliedVersion != null}
            allowDeselect={false}
            onChange={(v) => v && form.setValues({ scenarioType: v as ScenarioType, nodes: blank(v as ScenarioType).nodes })}
            error={tr(form.errors.scenarioType)}
            data-testid="scenario-type"
          />
        </SimpleGrid>
      </Paper>
      <PlanEditor
        scenarioType={values.scenarioType}
        nodes={values.nodes}
        onChange={(nodes) => form.setFieldValue('nodes', nodes)}
        errors={form.errors}
        readOnly={readOnly}
      />
      <Paper withBorder p="sm">
        <Title order={5} mb="xs">
          <Trans>公示期</Trans>
        </Title>
        <Group align="flex-end">
          <NumberInput
            w={200}
            label={t`公示期（天）`}
            min={1}
            max={30}
            clampBehavior="none"
            decimalScale={3}
            value={days}
            readOnly={readOnly}
            onChange={(v) => typeof v === 'number' && form.setFieldValue('publicitySeconds', Math.round(v * PUBLICITY_SECONDS.day))}
            error={tr(form.errors.publicitySeconds)}
            data-testid="publicity-days"
          />
          {!Number.isInteger(days) && (
            // Part of a day, however it came (typed here, or a short test period): said in days, hours and minutes.
            <Text size="xs" c="dimmed" data-testid="publicity-span">
              {publicitySpan(values.publicitySeconds)}
            </Text>
          )}
        </Group>
      </Paper>
      <Paper withBorder p="sm">
        <Title order={5} mb="xs">
          <Trans>检查维度与负责角色</Trans>
        </Title>
        {form.errors.dimensions && (
          <Text c="red" size="sm">
            {tr(form.errors.dimensions)}
          </Text>
        )}
        <Table data-testid="dimension-table">
          <Table.Tbody>
            {INSPECTION_DIMENSIONS.map((d) => {
              const chosen = dimOf(d.code);
              return (
                <Table.Tr key={d.code}>
                  <Table.Td w="35%">
                    <Checkbox
                      label={dimensionName(d.code, i18n.locale)}
                      checked={!!chosen}
                      disabled={readOnly}
                      onChange={(e) =>
                        setDims(e.currentTarget.checked ? [...values.dimensions, { code: d.code, owner: d.owner }] : values.dimensions.filter((x) => x.code !== d.code))
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    <Select
                      w={220}
                      aria-label={t`负责角色`}
                      data={roleOptions}
                      value={chosen?.owner ?? d.owner}
                      disabled={readOnly || !chosen}
                      allowDeselect={false}
                      onChange={(v) => v && setDims(values.dimensions.map((x) => (x.code === d.code ? { ...x, owner: v as typeof x.owner } : x)))}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Paper>
      <StandardsCard value={values.standards ?? NO_STANDARDS} onChange={(v) => form.setFieldValue('standards', v)} errors={form.errors} readOnly={readOnly} />
      {detail && <VersionPanel detail={detail} />}
    </Stack>
  );
}

/** A period of part days as people say it: 1 天 12 小时, 30 分钟. */
function publicitySpan(seconds: number): string {
  const d = Math.floor(seconds / PUBLICITY_SECONDS.day);
  const h = Math.floor((seconds % PUBLICITY_SECONDS.day) / 3600);
  const m = Math.round((seconds % 3600) / 60);
  const parts = [d ? t`${d} 天` : '', h ? t`${h} 小时` : '', m ? t`${m} 分钟` : ''].filter(Boolean);
  return t`（合 ${parts.join(' ')}）`;
}
