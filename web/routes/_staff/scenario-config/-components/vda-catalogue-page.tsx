import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { Button, Checkbox, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CatalogueReviseRequest } from '#domain/vda63/catalogue.ts';
import { isApiError } from '#web/api/client.ts';
import { reviseVdaCatalogue, standardKeys, vdaCatalogueQuery } from '#web/api/standards.ts';
import { PageLoader } from '#web/components/page-loader.tsx';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';

type Question = CatalogueReviseRequest['questions'][number];

/**
 * The catalogue's newest version: every element's questions with their zh and en texts and star. Staff with the
 * configuration permission edit texts and stars and save them as the next version; audits already open keep theirs.
 */
export function VdaCataloguePage() {
  const { t } = useLingui();
  const tr = useRuleMessage();
  const queryClient = useQueryClient();
  const query = useQuery(vdaCatalogueQuery());
  const [questions, setQuestions] = useState<Question[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (query.data) setQuestions(query.data.elements.flatMap((e) => e.questions));
  }, [query.data]);
  const save = useMutation({
    mutationFn: () => reviseVdaCatalogue({ questions }),
    onSuccess: ({ message }) => {
      setErrors({});
      notifications.show({ color: 'green', message });
      void queryClient.invalidateQueries({ queryKey: standardKeys.catalogue });
    },
    onError: (err) => {
      if (isApiError(err)) setErrors(err.fieldErrors);
      notifications.show({ color: 'red', message: err.message });
    },
  });
  if (query.isPending || !query.data) return <PageLoader />;
  const c = query.data;
  const set = (id: string, patch: Partial<Question>) => setQuestions((all) => all.map((x) => (x.id === id ? { ...x, ...patch } : x)));
  return (
    <Stack data-testid="vda-catalogue">
      <Group justify="space-between">
        <Stack gap={0}>
          <Title order={3}>
            <Trans>VDA 6.3 问题目录</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>
              {c.edition} · 第 {c.version} 版 · {c.createdAt.slice(0, 10)}
            </Trans>
          </Text>
        </Stack>
        {c.mayRevise && (
          <Button onClick={() => save.mutate()} loading={save.isPending} data-testid="vda-catalogue-save">
            <Trans>保存为新版本</Trans>
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        <Trans>问题编号与结构遵循标准版本；可修订中英文简述和星号问题。已开始的审核沿用其开始时的版本。</Trans>
      </Text>
      {c.elements.map((e) => (
        <Paper key={e.code} withBorder p="sm">
          <Title order={6} mb="xs">
            {e.code} {e.zh} / {e.en}
          </Title>
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing={2}>
              <Table.Tbody>
                {e.questions.map((q) => {
                  const current = questions.find((x) => x.id === q.id) ?? q;
                  const at = questions.findIndex((x) => x.id === q.id);
                  return (
                    <Table.Tr key={q.id}>
                      <Table.Td w={80}>{q.id}</Table.Td>
                      <Table.Td>
                        <TextInput size="xs" aria-label={t`中文`} maxLength={200} readOnly={!c.mayRevise} value={current.zh} onChange={(ev) => set(q.id, { zh: ev.currentTarget.value })} error={tr(errors[`questions.${at}.zh`])} />
                      </Table.Td>
                      <Table.Td>
                        <TextInput size="xs" aria-label={t`英文`} maxLength={200} readOnly={!c.mayRevise} value={current.en} onChange={(ev) => set(q.id, { en: ev.currentTarget.value })} error={tr(errors[`questions.${at}.en`])} />
                      </Table.Td>
                      <Table.Td w={90}>
                        <Checkbox label={t`星号`} disabled={!c.mayRevise} checked={current.starred} onChange={(ev) => set(q.id, { starred: ev.currentTarget.checked })} />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      ))}
    </Stack>
  );
}
