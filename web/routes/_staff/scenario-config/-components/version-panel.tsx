import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Badge, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import type { ScenarioChange, ScenarioConfigDetail } from '#domain/scenario/scenario-config.ts';
import { scenarioDiffQuery } from '#web/api/scenario-config.ts';
import { dimensionName, nodeName, roleName, typeName } from './names.ts';
import { formatDateTime } from '#web/components/date-time.ts';

/**
 * The versions of a scenario (which one new flows get, how many flows each has) and the changes
 * between two of them.
 */
export function VersionPanel({ detail }: { detail: ScenarioConfigDetail }) {
  const { i18n } = useLingui();
  const versions = detail.versions;
  const [from, setFrom] = useState(versions.at(1)?.version ?? versions[0].version);
  const [to, setTo] = useState(versions[0].version);
  const diff = useQuery({ ...scenarioDiffQuery(detail.code, from, to), enabled: versions.length > 1 && from !== to });
  const options = versions.map((v) => ({ value: String(v.version), label: `v${v.version}` }));
  return (
    <Paper withBorder p="sm" data-testid="version-panel">
      <Stack gap="sm">
        <Title order={5}>
          <Trans>版本</Trans>
        </Title>
        <Text size="sm" data-testid="applied-version">
          {detail.appliedVersion ? <Trans>新发起的流程使用 v{detail.appliedVersion}</Trans> : <Trans>尚未应用，新流程不可选择此场景</Trans>}
        </Text>
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>版本</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>保存时间</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>保存人</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>使用该版本的流程</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {versions.map((v) => (
              <Table.Tr key={v.version} data-testid={`version-row-${v.version}`}>
                <Table.Td>
                  <Group gap="xs">
                    v{v.version}
                    {v.version === detail.appliedVersion && <Badge size="xs" color="green">{t`当前应用`}</Badge>}
                    {!v.applied && <Badge size="xs" color="yellow">{t`草稿`}</Badge>}
                  </Group>
                </Table.Td>
                <Table.Td>{formatDateTime(v.createdAt, i18n.locale)}</Table.Td>
                <Table.Td>{v.createdBy}</Table.Td>
                <Table.Td>{v.flows}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {versions.length > 1 && (
          <>
            <Group>
              <Select label={t`对比版本`} w={120} data={options} value={String(from)} onChange={(v) => v && setFrom(Number(v))} allowDeselect={false} />
              <Select label={t`至`} w={120} data={options} value={String(to)} onChange={(v) => v && setTo(Number(v))} allowDeselect={false} />
            </Group>
            <DiffTable changes={diff.data ?? []} />
          </>
        )}
      </Stack>
    </Paper>
  );
}

function DiffTable({ changes }: { changes: ScenarioChange[] }) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const changeName: Record<ScenarioChange['change'], string> = { added: t({ message: '新增', context: 'change' }), removed: t`移除`, changed: t`修改`, moved: t`调整顺序` };
  const settingName = (key: string) => {
    if (key.startsWith('dimension:')) return `${t`检查维度`}: ${dimensionName(key.slice('dimension:'.length), locale)}`;
    const names: Record<string, string> = { nameZh: t`中文名称`, nameEn: t`英文名称`, scenarioType: t`场景类型`, publicitySeconds: t`公示期（秒）` };
    return names[key] ?? key;
  };
  const valueText = (c: ScenarioChange, v: string | null) => {
    if (v === null) return '-';
    if (c.key === 'scenarioType') return typeName(v, locale);
    if (c.key.startsWith('dimension:')) return roleName(v, locale);
    return v;
  };
  if (!changes.length) return <Text size="sm" c="dimmed">{t`两个版本相同`}</Text>;
  return (
    <Table withTableBorder data-testid="version-diff">
      <Table.Tbody>
        {changes.map((c) => (
          <Table.Tr key={`${c.kind}:${c.key}`}>
            <Table.Td>{c.kind === 'node' ? nodeName(c.key, locale) : settingName(c.key)}</Table.Td>
            <Table.Td>{changeName[c.change]}</Table.Td>
            <Table.Td>{valueText(c, c.before)}</Table.Td>
            <Table.Td>{valueText(c, c.after)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
