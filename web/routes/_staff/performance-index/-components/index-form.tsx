import { useMutation } from '@tanstack/react-query';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { ActionIcon, Button, Checkbox, Group, NumberInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { indexFormSchema, type IndexFormInput, type IndexNode, type ReviewerRoleRow } from '#domain/performance/index-tree.ts';
import { PERF_FIGURES, PERF_FIGURE_KINDS } from '#domain/performance/model.ts';
import { weightSum } from '#domain/performance/weights.ts';
import { isApiError } from '#web/api/client.ts';
import { addIndexNode, editIndexNode } from '#web/api/performance.ts';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';

/**
 * Adds or edits a (first-level) index with its siblings' weights in one form, checked by the schema the
 * server parses (indexFormSchema): the sum of 100 shows under the weight before anything is sent.
 */
export function IndexForm(props: {
  versionId: string;
  parentId: string | null;
  node?: IndexNode;
  siblings: IndexNode[];
  roles: ReviewerRoleRow[];
  locale: string;
  onDone(): void;
}) {
  const { node, siblings } = props;
  const initial: IndexFormInput = {
    kind: 'INDEX',
    versionId: props.versionId,
    parentId: props.parentId,
    code: node?.code ?? '',
    nameZh: node?.nameZh ?? '',
    nameEn: node?.nameEn ?? '',
    description: node?.description ?? '',
    weight: node?.weight ?? (siblings.length ? '' : 100),
    sort: node?.sort ?? 0,
    method: node?.method ?? (props.parentId ? 'MANUAL' : null),
    direction: node?.direction ?? 'HIGHER',
    figureKind: node?.figureKind ?? null,
    bands: node?.bands ?? [],
    reviewerRole: (node?.reviewerRole ?? null) as IndexFormInput['reviewerRole'],
    knockOut: node?.knockOut ?? false,
    siblingWeights: siblings.map((s) => ({ id: s.id, weight: s.weight })),
  };
  const form = useForm<IndexFormInput>({ initialValues: initial, validate: zod4Resolver(indexFormSchema) });
  const field = useFieldProps(form);
  const v = form.getValues();
  const save = useMutation({
    mutationFn: (values: IndexFormInput) => (node ? editIndexNode({ ...values, id: node.id }) : addIndexNode(values)),
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      props.onDone();
    },
    onError: (err) => {
      if (isApiError(err) && Object.keys(err.fieldErrors).length) form.setErrors(err.fieldErrors);
      notifications.show({ color: 'red', message: err.message, autoClose: 3000 });
    },
  });
  const nameOf = (id: string) => siblings.find((s) => s.id === id)?.name ?? id;
  const total = weightSum([Number(v.weight) || 0, ...(v.siblingWeights ?? []).map((s) => Number(s.weight) || 0)]);
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} data-testid="index-form">
      <Stack>
        <Group grow>
          <TextInput label={t`指标编码`} withAsterisk {...field('code')} key={form.key('code')} data-testid="index-code" />
          <NumberInput label={t`权重`} withAsterisk min={0} max={100} decimalScale={2} {...field('weight')} key={form.key('weight')} data-testid="index-weight" />
        </Group>
        <Group grow>
          <TextInput label={t`名称（中文）`} withAsterisk {...field('nameZh')} key={form.key('nameZh')} data-testid="index-name-zh" />
          <TextInput label={t`名称（英文）`} withAsterisk {...field('nameEn')} key={form.key('nameEn')} data-testid="index-name-en" />
        </Group>
        {siblings.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              <Trans>同级指标权重（合计须为100，当前 {total}）</Trans>
            </Text>
            {(v.siblingWeights ?? []).map((s, i) => (
              <NumberInput key={form.key(`siblingWeights.${i}.weight`)} label={nameOf(s.id)} min={0} max={100} decimalScale={2} {...field(`siblingWeights.${i}.weight`)} />
            ))}
          </Stack>
        )}
        {props.parentId && (
          <>
            <Select
              label={t`评分方式`}
              withAsterisk
              data={[
                { value: 'MANUAL', label: t`人工评分` },
                { value: 'COMPUTED', label: t`按数据计算` },
              ]}
              {...field('method')}
              key={form.key('method')}
              data-testid="index-method"
            />
            {v.method === 'MANUAL' && (
              <Select
                label={t`评分角色`}
                withAsterisk
                data={props.roles.map((r) => ({ value: r.code, label: r.name }))}
                {...field('reviewerRole')}
                key={form.key('reviewerRole')}
                data-testid="index-role"
              />
            )}
            {v.method === 'COMPUTED' && (
              <>
                <Group grow>
                  <Select
                    label={t`数据项`}
                    withAsterisk
                    data={PERF_FIGURE_KINDS.map((k) => ({ value: k, label: `${PERF_FIGURES[k][props.locale === 'en' ? 'en' : 'zh']} (${PERF_FIGURES[k].unit[props.locale === 'en' ? 'en' : 'zh']})` }))}
                    {...field('figureKind')}
                    key={form.key('figureKind')}
                  />
                  <Select
                    label={t`指标方向`}
                    withAsterisk
                    data={[
                      { value: 'HIGHER', label: t`越高越好` },
                      { value: 'LOWER', label: t`越低越好` },
                    ]}
                    {...field('direction')}
                    key={form.key('direction')}
                  />
                </Group>
                <BandRows form={form} />
              </>
            )}
            <Checkbox label={t`否决项（得分为0时等级降为C）`} {...field('knockOut', { type: 'checkbox' })} key={form.key('knockOut')} />
          </>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="index-save">
            <Trans>保存</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type IndexFormApi = UseFormReturnType<IndexFormInput>;

/** The score bands of a computed index: threshold and score per row. */
function BandRows({ form }: { form: IndexFormApi }) {
  const field = useFieldProps(form);
  const bands = form.getValues().bands ?? [];
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          <Trans>评分区间（达到阈值即得该分）</Trans>
        </Text>
        <Button size="xs" variant="light" onClick={() => form.insertListItem('bands', { threshold: '', score: '' })}>
          <Trans>添加区间</Trans>
        </Button>
      </Group>
      <Text c="red" size="xs">
        {field('bands').error}
      </Text>
      <Table>
        <Table.Tbody>
          {bands.map((_, i) => (
            <Table.Tr key={form.key(`bands.${i}`)}>
              <Table.Td>
                <NumberInput placeholder={t`阈值`} {...field(`bands.${i}.threshold`)} key={form.key(`bands.${i}.threshold`)} />
              </Table.Td>
              <Table.Td>
                <NumberInput placeholder={t`得分`} min={0} max={100} decimalScale={2} {...field(`bands.${i}.score`)} key={form.key(`bands.${i}.score`)} />
              </Table.Td>
              <Table.Td>
                <ActionIcon variant="subtle" color="red" onClick={() => form.removeListItem('bands', i)} aria-label={t`删除`}>
                  ×
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
