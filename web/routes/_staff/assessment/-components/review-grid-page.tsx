import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { notifications } from '@mantine/notifications';
import { useDebouncedCallback } from '@mantine/hooks';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { REMARK_MAX, type ReviewDetail } from '#domain/assessment/review.ts';
import { SCORE_MAX, SCORE_MIN } from '#domain/cert-flow/score.ts';
import { assessmentKeys, reviewDetailQuery, saveReview } from '#web/api/assessment.ts';
import { isApiError } from '#web/api/client.ts';
import { PageLoader } from '#web/components/page-loader.tsx';

/** The scoring grid of one review task. */
export function ReviewGridPage({ taskNo }: { taskNo: string }) {
  const { i18n } = useLingui();
  const detail = useQuery(reviewDetailQuery(taskNo, i18n.locale));
  if (detail.isLoading) return <PageLoader />;
  if (!detail.data) return <Alert color="red">{detail.error?.message ?? t`加载失败`}</Alert>;
  return <ReviewGrid d={detail.data} />;
}

type Cells = Record<string, { score: string; remark: string }>;

/**
 * One row per index the reviewer scores: score (0–100, 2 decimals) and remark. Tab moves through the cells
 * in order, Enter to the next row's score; a change is saved as a draft a second after typing stops, and
 * the submission needs every score.
 */
function ReviewGrid({ d }: { d: ReviewDetail }) {
  const queryClient = useQueryClient();
  const [cells, setCells] = useState<Cells>(() =>
    Object.fromEntries(d.indices.map((i) => [i.indexCode, { score: i.score === null ? '' : String(i.score), remark: i.remark ?? '' }])),
  );
  const [remark, setRemark] = useState(d.remark ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const dirty = useRef(false);

  const payload = () => d.indices.map((i) => ({ indexCode: i.indexCode, score: cells[i.indexCode].score.trim() || null, remark: cells[i.indexCode].remark }));
  const fieldErrors = (e: unknown) => (isApiError(e) ? e.fieldErrors : {});

  const draft = useMutation({
    mutationFn: () => saveReview(d.taskNo, payload(), remark, false),
    onSuccess: () => {
      setSavedAt(new Date());
      setErrors({});
    },
    onError: (e) => setErrors(fieldErrors(e)),
  });
  const submit = useMutation({
    mutationFn: () => saveReview(d.taskNo, payload(), remark, true),
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      void queryClient.invalidateQueries({ queryKey: assessmentKeys.all });
    },
    onError: (e) => setErrors(fieldErrors(e)),
  });
  const autosave = useDebouncedCallback(() => {
    if (!dirty.current) return;
    dirty.current = false;
    draft.mutate();
  }, 1000);
  useEffect(() => {
    if (d.editable && dirty.current) autosave();
  }, [cells, remark, d.editable, autosave]);

  const change = (code: string, key: 'score' | 'remark', value: string) => {
    dirty.current = true;
    setCells((c) => ({ ...c, [code]: { ...c[code], [key]: value } }));
  };
  const nextRow = (row: number) => (e: React.KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    inputs.current[row + 1]?.focus();
  };
  const errorOf = (row: number, key: string) => errors[`scores.${row}.${key}`];

  return (
    <Stack maw={1100}>
      <Group justify="space-between">
        <Title order={4}>
          {d.planName} · {d.supplierName}
        </Title>
        <Group>
          <Text size="sm" c="dimmed">
            {d.reviewerName} · {d.role}
          </Text>
          {d.status === 30 ? <Badge color="green">{t`已提交`}</Badge> : <Badge color="blue">{t`待评分`}</Badge>}
        </Group>
      </Group>
      {errors.scores && <Alert color="red">{errors.scores}</Alert>}
      <Card withBorder>
        <Table data-testid="review-grid">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`指标`}</Table.Th>
              <Table.Th w={90}>{t`权重(%)`}</Table.Th>
              <Table.Th w={140}>{t`分数 (0-100)`}</Table.Th>
              <Table.Th>{t`备注`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.indices.map((i, row) => (
              <Table.Tr key={i.indexCode} data-index={i.indexCode}>
                <Table.Td>
                  <Text size="sm">{i.indexName}</Text>
                  {i.path.length > 0 && (
                    <Text size="xs" c="dimmed">
                      {i.path.join(' / ')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{i.weight}</Table.Td>
                <Table.Td>
                  <TextInput
                    ref={(el) => {
                      inputs.current[row] = el;
                    }}
                    inputMode="decimal"
                    aria-label={t`${i.indexName} 分数`}
                    placeholder={`${SCORE_MIN}-${SCORE_MAX}`}
                    value={cells[i.indexCode].score}
                    disabled={!d.editable}
                    error={errorOf(row, 'score')}
                    onChange={(e) => change(i.indexCode, 'score', e.currentTarget.value)}
                    onKeyDown={nextRow(row)}
                    data-testid={`score-${i.indexCode}`}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={t`${i.indexName} 备注`}
                    maxLength={REMARK_MAX}
                    value={cells[i.indexCode].remark}
                    disabled={!d.editable}
                    error={errorOf(row, 'remark')}
                    onChange={(e) => change(i.indexCode, 'remark', e.currentTarget.value)}
                    onKeyDown={nextRow(row)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Textarea
          mt="md"
          label={t`评审意见`}
          maxLength={REMARK_MAX}
          value={remark}
          disabled={!d.editable}
          error={errors.remark}
          onChange={(e) => {
            dirty.current = true;
            setRemark(e.currentTarget.value);
          }}
        />
        {d.editable && (
          <Group justify="space-between" mt="md">
            <Text size="xs" c="dimmed" data-testid="review-autosave">
              {draft.isPending ? t`保存中…` : savedAt ? t`草稿已自动保存 ${savedAt.toLocaleTimeString()}` : ''}
            </Text>
            <Button
              loading={submit.isPending}
              onClick={() => {
                // The submit carries every cell: a draft save still waiting would reach a submitted review and be refused.
                autosave.cancel();
                dirty.current = false;
                submit.mutate();
              }}
              data-testid="review-submit"
            >
              <Trans>提交评分</Trans>
            </Button>
          </Group>
        )}
      </Card>
      <Group>
        <Button variant="default" renderRoot={(props) => <Link {...props} to="/assessment/review" search={{ planNo: d.planNo, currentPage: 1, pageSize: 20 }} />}>
          <Trans>返回列表</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
