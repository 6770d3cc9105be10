import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { Anchor, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import type { VdaAuditDetail } from '#domain/vda63/audit.ts';
import type { VdaElement } from '#domain/vda63/catalogue.ts';
import { auditFigures, gradeRuleText } from '#domain/vda63/fulfilment.ts';
import { completeVdaAudit, standardKeys, vdaAuditQuery, vdaReportHref } from '#web/api/standards.ts';
import { PageLoader } from '#web/components/page-loader.tsx';
import { confirmComplete, LoadFailed, OwnerButton } from '../node-form-kit.tsx';
import type { NodePanelProps } from '../node-panel.ts';
import { ExpertCard } from './expert-card.tsx';
import { draftEvaluations, draftOf, ElementForm, type ElementDraft } from './element-form.tsx';
import { ActionItems } from './action-items.tsx';

const GRADE_COLOR = { A: 'green', B: 'yellow', C: 'red' } as const;

/**
 * System certification as a VDA 6.3 process audit (req flow §10): the experts and steps, each element's questions
 * scored by its expert with the figures and the grade worked out as they type (the domain's arithmetic, the same the
 * server records), the action items, the report and the completion.
 */
export function VdaAuditPanel({ flow, jobNumber, onChanged }: Pick<NodePanelProps, 'flow' | 'jobNumber' | 'onChanged'>) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const query = useQuery(vdaAuditQuery(flow.flowNo, i18n.locale));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: standardKeys.vda(flow.flowNo) });
  if (query.isPending) return <PageLoader />;
  if (query.isError || !query.data) return <LoadFailed onRetry={() => void query.refetch()} />;
  return <Audit detail={query.data} jobNumber={jobNumber} onSaved={refresh} onCompleted={() => (refresh(), onChanged())} />;
}

function Audit({ detail, jobNumber, onSaved, onCompleted }: { detail: VdaAuditDetail; jobNumber: string; onSaved: () => void; onCompleted: () => void }) {
  const { i18n, t } = useLingui();
  const locale = i18n.locale === 'en' ? 'en' : 'zh';
  const drafts0 = () => Object.fromEntries(detail.myElements.map((e) => [e, draftOf(detail, e)])) as Record<string, ElementDraft>;
  const [drafts, setDrafts] = useState(drafts0);
  const [errors, setErrors] = useState<Record<string, Record<string, string>>>({});
  const savedKey = JSON.stringify([detail.answers, detail.steps, detail.myElements]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when what is saved changes
  useEffect(() => setDrafts(drafts0()), [savedKey]);

  // The figures as the drafts stand: saved answers of other elements, this user's drafts for theirs.
  const figures = useMemo(() => {
    const questions = detail.elements.flatMap((e) => e.questions);
    const others = detail.answers.filter((a) => !detail.myElements.some((m) => a.questionId.startsWith(`${m}.`))).map((a) => ({ questionId: a.questionId, step: a.step || null, score: a.score }));
    return auditFigures(questions, [...others, ...Object.values(drafts).flatMap(draftEvaluations)]);
  }, [detail, drafts]);

  const complete = useMutation({
    mutationFn: () => completeVdaAudit(detail.flowNo),
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      onCompleted();
    },
  });
  const inProgress = detail.nodeStatus === NODE_STATUS.IN_PROGRESS;
  const percent = (p: number | null | undefined) => (p == null ? '—' : `${p}%`);
  return (
    <Stack data-testid="vda-audit-panel">
      <Paper withBorder p="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {detail.edition} · <Trans>问题目录 v{detail.catalogueVersion}</Trans>
            </Text>
            <Group gap="xs">
              <Text fw={600}>
                <Trans>总符合率 E_G</Trans>
              </Text>
              <Text fw={600} data-testid="vda-overall">
                {percent(figures.overall.percent)}
              </Text>
              {figures.grade && (
                <Badge size="lg" color={GRADE_COLOR[figures.grade.grade]} data-testid="vda-grade">
                  {figures.grade.grade}
                </Badge>
              )}
            </Group>
            {figures.grade && (
              <Text size="sm" data-testid="vda-grade-rule">
                {gradeRuleText(figures.grade, locale)}
              </Text>
            )}
          </Stack>
          <Anchor href={vdaReportHref(detail.flowNo)} download data-testid="vda-report">
            <Trans>下载审核报告 (.xlsx)</Trans>
          </Anchor>
        </Group>
      </Paper>

      {detail.mayAssign && <ExpertCard key={savedKey} detail={detail} onSaved={onSaved} />}

      {detail.elements.map((e) => {
        const f = figures.elements[e.code];
        const mine = detail.myElements.includes(e.code);
        return (
          <Paper key={e.code} withBorder p="sm" data-testid={`vda-element-${e.code}`}>
            <Group justify="space-between" mb="xs">
              <Title order={6}>
                {e.code} {e.name}
              </Title>
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  {e.expertName ?? t`未指定专家`}
                </Text>
                <Text size="sm" fw={600} data-testid={`vda-figure-${e.code}`}>
                  E_{e.code}: {percent(f?.percent)}
                </Text>
                <Badge variant="light" color={e.submitted ? 'green' : 'gray'}>
                  {e.submitted ? t`已提交` : t`未提交`}
                </Badge>
              </Group>
            </Group>
            {mine && drafts[e.code] ? (
              <ElementForm
                detail={detail}
                element={e.code as VdaElement}
                draft={drafts[e.code]}
                onDraft={(d) => setDrafts((all) => ({ ...all, [e.code]: d }))}
                errors={errors[e.code] ?? {}}
                onErrors={(x) => setErrors((all) => ({ ...all, [e.code]: x }))}
                onSaved={onSaved}
              />
            ) : (
              <ReadAnswers detail={detail} element={e.code} />
            )}
          </Paper>
        );
      })}

      {(Object.keys(figures.subElements).length > 0 || Object.keys(figures.steps).length > 0) && (
        <Paper withBorder p="sm">
          <Group gap="xl" align="flex-start">
            <FigureList title={t`P6 子要素`} figures={figures.subElements} />
            <FigureList title={t`工序`} figures={figures.steps} />
          </Group>
        </Paper>
      )}

      <Paper withBorder p="sm">
        <ActionItems detail={detail} jobNumber={jobNumber} onChanged={onSaved} />
      </Paper>

      {inProgress && (
        <Group justify="flex-end">
          <OwnerButton owner={detail.mayComplete} tooltip={t`所有过程要素提交后，由采购经理完成节点`} onClick={() => confirmComplete(() => complete.mutate())} loading={complete.isPending} data-testid="vda-complete">
            <Trans>完成节点</Trans>
          </OwnerButton>
        </Group>
      )}
    </Stack>
  );
}

function FigureList({ title, figures }: { title: string; figures: Record<string, { percent: number | null }> }) {
  if (!Object.keys(figures).length) return null;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {Object.entries(figures).map(([k, f]) => (
        <Text key={k} size="sm">
          {k}: {f.percent == null ? '—' : `${f.percent}%`}
        </Text>
      ))}
    </Stack>
  );
}

/** Another expert's element as saved: each answered question's score and finding. */
function ReadAnswers({ detail, element }: { detail: VdaAuditDetail; element: string }) {
  const { t } = useLingui();
  const answers = detail.answers.filter((a) => a.questionId.startsWith(`${element}.`));
  if (!answers.length) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>尚未评分</Trans>
      </Text>
    );
  }
  return (
    <Table verticalSpacing={2}>
      <Table.Tbody>
        {answers.map((a) => (
          <Table.Tr key={`${a.questionId}@${a.step}`}>
            <Table.Td w={110}>
              {a.questionId}
              {a.step ? ` · ${a.step}` : ''}
            </Table.Td>
            <Table.Td w={90}>{a.score === null ? t`不评价` : a.score}</Table.Td>
            <Table.Td>{a.finding}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
