import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Alert, Badge, Button, Card, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import type { CurrentUser } from '#domain/identity.ts';
import { toHundredths } from '#domain/performance/decimal.ts';
import type { IndexNode } from '#domain/performance/index-tree.ts';
import { PERF_FIGURES, type PerfFigureKind } from '#domain/performance/model.ts';
import { PERMISSIONS } from '#domain/permissions.ts';
import { addIndexNode, deleteIndexNode, indexSystemsQuery, indexTreeQuery, perfKeys, reviewerRolesQuery } from '#web/api/performance.ts';
import { IndexForm } from './index-form.tsx';

/** The figure a computed index scores from, by its name in the interface's language. */
function figureName(kind: string | null | undefined, locale: string): string {
  if (!kind) return '-';
  return kind in PERF_FIGURES ? PERF_FIGURES[kind as PerfFigureKind][locale === 'en' ? 'en' : 'zh'] : kind;
}

/** What the index form edits: a new node under a parent (null: first level), or a node. */
type Editing = { parentId: string | null; node?: IndexNode } | null;

/**
 * The remaining siblings' weights after a delete, scaled to 100 in hundredths (the last takes the rest),
 * shown in the confirmation; the server checks the sum again.
 */
function rescaled(siblings: IndexNode[]): { id: string; weight: number }[] {
  const total = siblings.reduce((s, n) => s + toHundredths(n.weight), 0);
  let left = 10000;
  return siblings.map((n, i) => {
    const h = i === siblings.length - 1 ? left : Math.round((toHundredths(n.weight) * 10000) / total);
    left -= h;
    return { id: n.id, weight: h / 100 };
  });
}

/**
 * The index tree editor (req performance §2.4, §7.3): index system → version → first-level indices → indices, with
 * weights, scoring method, reviewer role or figure and bands, and knock-out. A version a started plan uses
 * is frozen: the page says so and offers a new version.
 */
export function IndexTreePage({ user, versionId }: { user: CurrentUser; versionId?: string }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const systems = useQuery(indexSystemsQuery(i18n.locale));
  const roles = useQuery(reviewerRolesQuery(i18n.locale));
  const chosen = versionId ?? systems.data?.[0]?.versions[0]?.id ?? '';
  const tree = useQuery(indexTreeQuery(chosen, i18n.locale));
  const [editing, setEditing] = useState<Editing>(null);
  const [newSystem, setNewSystem] = useState<{ nameZh: string; nameEn: string } | null>(null);
  const mayManage = user.permissions.buttons.includes(PERMISSIONS.performanceManage);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: perfKeys.all });
  const done = (message: string) => {
    notifications.show({ color: 'green', message });
    refresh();
  };
  const fail = (err: Error) => notifications.show({ color: 'red', message: err.message, autoClose: 3000 });

  const addSystem = useMutation({
    mutationFn: (v: { nameZh: string; nameEn: string }) => addIndexNode({ kind: 'SYSTEM', ...v }),
    onSuccess: (r) => {
      done(r.message);
      setNewSystem(null);
      void navigate({ to: '/performance-index', search: { versionId: r.versionId } });
    },
    onError: fail,
  });
  const addVersion = useMutation({
    mutationFn: (systemCode: string) => addIndexNode({ kind: 'VERSION', systemCode }),
    onSuccess: (r) => {
      done(r.message);
      void navigate({ to: '/performance-index', search: { versionId: r.versionId } });
    },
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (node: IndexNode) => deleteIndexNode({ kind: 'INDEX', id: node.id, siblingWeights: rescaled(siblingsOf(node.parentId, node.id)) }),
    onSuccess: (r) => done(r.message),
    onError: fail,
  });

  const top = tree.data?.children ?? [];
  const siblingsOf = (parentId: string | null, exceptId?: string) => (parentId ? (top.find((n) => n.id === parentId)?.children ?? []) : top).filter((n) => n.id !== exceptId);
  const frozen = tree.data?.version.frozenBy;
  const editable = mayManage && !frozen;
  const versionOptions = (systems.data ?? []).flatMap((s) => s.versions.map((v) => ({ value: v.id, label: `${s.name} V${v.version}${v.frozenBy ? ` 🔒` : ''}` })));

  const confirmDelete = (node: IndexNode) => {
    const rest = rescaled(siblingsOf(node.parentId, node.id));
    const text = rest.map((r) => `${siblingsOf(node.parentId).find((n) => n.id === r.id)?.name} ${r.weight}`).join(', ');
    if (window.confirm(t`删除指标 ${node.name}？其余同级指标权重将调整为：${text || '-'}`)) remove.mutate(node);
  };

  const row = (n: IndexNode, level: 1 | 2) => (
    <Table.Tr key={n.id} data-index-code={n.code}>
      <Table.Td pl={level === 2 ? 32 : undefined}>
        {n.code} {n.name}
      </Table.Td>
      <Table.Td>{n.weight}</Table.Td>
      <Table.Td>{n.method === 'MANUAL' ? t`人工评分` : n.method === 'COMPUTED' ? t`按数据计算` : '-'}</Table.Td>
      <Table.Td>{n.method === 'MANUAL' ? (roles.data?.find((r) => r.code === n.reviewerRole)?.name ?? n.reviewerRole) : figureName(n.figureKind, i18n.locale)}</Table.Td>
      <Table.Td>{n.knockOut && <Badge color="red">{t`否决项`}</Badge>}</Table.Td>
      <Table.Td>
        {mayManage && (
          <Group gap="xs">
            {level === 1 && editable && (
              <Button size="xs" variant="subtle" onClick={() => setEditing({ parentId: n.id })} data-testid="index-add-child">
                <Trans>添加指标</Trans>
              </Button>
            )}
            <Button size="xs" variant="subtle" onClick={() => setEditing({ parentId: n.parentId, node: n })}>
              <Trans>编辑</Trans>
            </Button>
            {editable && (
              <Button size="xs" variant="subtle" color="red" onClick={() => confirmDelete(n)}>
                <Trans>删除</Trans>
              </Button>
            )}
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );

  return (
    <Stack>
      <Card withBorder>
        <Group align="flex-end">
          <Select label={t`指标体系版本`} data={versionOptions} value={chosen || null} onChange={(v) => void navigate({ to: '/performance-index', search: { versionId: v ?? undefined } })} w={320} data-testid="index-version" />
          {mayManage && (
            <Button variant="light" onClick={() => setNewSystem({ nameZh: '', nameEn: '' })} data-testid="index-new-system">
              <Trans>新建指标体系</Trans>
            </Button>
          )}
          {mayManage && tree.data && (
            <Button variant="light" onClick={() => addVersion.mutate(tree.data.system.code)} loading={addVersion.isPending}>
              <Trans>新建版本</Trans>
            </Button>
          )}
        </Group>
      </Card>
      {frozen && (
        <Alert color="yellow">
          <Trans>该版本已被绩效计划 {frozen} 使用，不能增删指标或修改权重与评分规则；如需调整请新建版本。</Trans>
        </Alert>
      )}
      {tree.data && tree.data.incomplete.length > 0 && (
        <Alert color="blue" data-testid="index-incomplete">
          <Trans>该版本尚不能用于绩效计划：</Trans> {tree.data.incomplete.join('；')}
        </Alert>
      )}
      <Card withBorder>
        <Group justify="space-between" mb="sm">
          <Text fw={500}>{tree.data ? `${tree.data.system.name} V${tree.data.version.version}` : ''}</Text>
          {editable && tree.data && (
            <Button size="xs" onClick={() => setEditing({ parentId: null })} data-testid="index-add-first">
              <Trans>添加一级指标</Trans>
            </Button>
          )}
        </Group>
        <Table data-testid="index-tree">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`指标`}</Table.Th>
              <Table.Th>{t`权重`}</Table.Th>
              <Table.Th>{t`评分方式`}</Table.Th>
              <Table.Th>{t`评分角色 / 数据项`}</Table.Th>
              <Table.Th />
              <Table.Th>{t`操作`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {top.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text ta="center" c="dimmed" size="sm">
                    {tree.isLoading || systems.isLoading ? <Trans>加载中…</Trans> : tree.isError ? <Trans>加载失败</Trans> : <Trans>暂无数据</Trans>}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {top.flatMap((n) => [row(n, 1), ...n.children.map((c) => row(c, 2))])}
          </Table.Tbody>
        </Table>
      </Card>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.node ? t`编辑指标` : t`添加指标`} size="lg">
        {editing && tree.data && (
          <IndexForm
            versionId={tree.data.version.id}
            parentId={editing.parentId}
            node={editing.node}
            siblings={siblingsOf(editing.parentId, editing.node?.id)}
            roles={roles.data ?? []}
            locale={i18n.locale}
            onDone={() => {
              setEditing(null);
              refresh();
            }}
          />
        )}
      </Modal>
      <Modal opened={newSystem !== null} onClose={() => setNewSystem(null)} title={t`新建指标体系`}>
        {newSystem && (
          <Stack>
            <TextInput label={t`名称（中文）`} value={newSystem.nameZh} onChange={(e) => setNewSystem({ ...newSystem, nameZh: e.currentTarget.value })} data-testid="system-name-zh" />
            <TextInput label={t`名称（英文）`} value={newSystem.nameEn} onChange={(e) => setNewSystem({ ...newSystem, nameEn: e.currentTarget.value })} data-testid="system-name-en" />
            <Button onClick={() => addSystem.mutate(newSystem)} loading={addSystem.isPending} data-testid="system-save">
              <Trans>保存</Trans>
            </Button>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
