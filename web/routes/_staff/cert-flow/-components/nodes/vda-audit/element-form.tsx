import { useMutation } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { Badge, Button, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { EVIDENCE_FILE_MAX, type VdaAuditDetail } from '#domain/vda63/audit.ts';
import type { DocumentItem } from '#domain/cert-flow/documents.ts';
import { FormCallerProvider, useStaffUploads } from '#web/forms/index.ts';
import { MultiUploadField } from '#web/forms/multi-upload-field.tsx';
import { PER_STEP_ELEMENTS, type VdaElement } from '#domain/vda63/catalogue.ts';
import { VDA_SCORES } from '#domain/vda63/fulfilment.ts';
import { isApiError } from '#web/api/client.ts';
import { saveVdaScores } from '#web/api/standards.ts';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';

/** One answer as the form holds it; score '' is unanswered, 'ne' not evaluated. */
export interface DraftAnswer {
  questionId: string;
  step: string;
  score: string;
  finding: string;
  documentList: DocumentItem[];
}
export type ElementDraft = DraftAnswer[];

const NE = 'ne';

/** The element's answers as saved, one per question (and step for P6), unanswered where none is saved. */
export function draftOf(detail: VdaAuditDetail, element: VdaElement): ElementDraft {
  const entry = detail.elements.find((e) => e.code === element)!;
  const steps = PER_STEP_ELEMENTS.includes(element) ? detail.steps : [''];
  return steps.flatMap((step) =>
    entry.questions.map((q) => {
      const saved = detail.answers.find((a) => a.questionId === q.id && a.step === step);
      return { questionId: q.id, step, score: saved ? (saved.score === null ? NE : String(saved.score)) : '', finding: saved?.finding ?? '', documentList: saved?.documentList ?? [] };
    }),
  );
}

/** The draft as evaluations for the figures: unanswered ones are left out, n.e. counts as not evaluated. */
export const draftEvaluations = (draft: ElementDraft) =>
  draft.filter((a) => a.score !== '').map((a) => ({ questionId: a.questionId, step: a.step || null, score: a.score === NE ? null : Number(a.score) }));

/**
 * The expert's answers of one element (req flow §10.2): a score per question (0/4/6/8/10 or n.e.), a finding below 10
 * or a reason for n.e., with evidence files; saved as a draft or handed in. The server's field errors show on their row.
 */
export function ElementForm(props: { detail: VdaAuditDetail; element: VdaElement; draft: ElementDraft; onDraft: (d: ElementDraft) => void; errors: Record<string, string>; onErrors: (e: Record<string, string>) => void; onSaved: () => void }) {
  const { t } = useLingui();
  const tr = useRuleMessage();
  const { detail, element, draft, onDraft, errors } = props;
  const entry = detail.elements.find((e) => e.code === element)!;
  const uploads = useStaffUploads();
  const scoreOptions = [...[...VDA_SCORES].reverse().map((s) => ({ value: String(s), label: String(s) })), { value: NE, label: t`不评价 (n.e.)` }];
  const save = useMutation({
    mutationFn: (submit: boolean) =>
      saveVdaScores({
        flowNo: detail.flowNo,
        element,
        submit,
        answers: draft
          .filter((a) => a.score !== '')
          .map((a) => ({ questionId: a.questionId, step: a.step || '', score: a.score === NE ? null : Number(a.score), finding: a.finding || undefined, documentList: a.documentList })),
      }),
    onSuccess: ({ message }) => {
      props.onErrors({});
      notifications.show({ color: 'green', message });
      props.onSaved();
    },
    onError: (err) => {
      if (!isApiError(err)) return;
      // Errors name the saved list's rows: map them back to the draft's rows.
      const sent = draft.filter((a) => a.score !== '');
      const byRow: Record<string, string> = {};
      for (const [path, message] of Object.entries(err.fieldErrors)) {
        const at = /^answers\.(\d+)\./.exec(path);
        const row = at ? sent[Number(at[1])] : undefined;
        byRow[row ? `${row.questionId}@${row.step}` : 'answers'] = message;
      }
      props.onErrors(byRow);
      notifications.show({ color: 'red', message: err.message });
    },
  });
  const set = (i: number, patch: Partial<DraftAnswer>) => onDraft(draft.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  return (
    <>
      {errors.answers && (
        <Text c="red" size="sm">
          {tr(errors.answers)}
        </Text>
      )}
      <FormCallerProvider value={uploads.caller}>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing={4} data-testid={`vda-form-${element}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={90}>
                <Trans>问题</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>内容</Trans>
              </Table.Th>
              <Table.Th w={140}>
                <Trans>得分</Trans>
              </Table.Th>
              <Table.Th w="35%">
                <Trans>发现项 / 不评价原因</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {draft.map((a, i) => {
              const q = entry.questions.find((x) => x.id === a.questionId)!;
              const error = errors[`${a.questionId}@${a.step}`];
              const needsText = a.score !== '' && a.score !== '10';
              return (
                <Table.Tr key={`${a.questionId}@${a.step}`} data-testid={`vda-row-${a.questionId}${a.step ? `@${a.step}` : ''}`}>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Text size="sm">{q.id}</Text>
                      {q.starred && (
                        <Badge size="xs" color="red" variant="light">
                          *
                        </Badge>
                      )}
                    </Group>
                    {a.step && (
                      <Text size="xs" c="dimmed">
                        {a.step}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{q.text}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Select size="xs" data={scoreOptions} value={a.score || null} onChange={(v) => set(i, { score: v ?? '' })} aria-label={t`得分`} error={!needsText && error ? tr(error) : undefined} />
                  </Table.Td>
                  <Table.Td>
                    {needsText && (
                      <>
                        <TextInput size="xs" maxLength={500} value={a.finding} onChange={(e) => set(i, { finding: e.currentTarget.value })} aria-label={t`发现项`} error={error ? tr(error) : undefined} />
                        <MultiUploadField value={a.documentList} onChange={(documentList) => set(i, { documentList })} limit={EVIDENCE_FILE_MAX} />
                      </>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      </FormCallerProvider>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => save.mutate(false)} loading={save.isPending} disabled={uploads.busy} data-testid={`vda-save-${element}`}>
          <Trans>保存</Trans>
        </Button>
        <Button onClick={() => save.mutate(true)} loading={save.isPending} disabled={uploads.busy} data-testid={`vda-submit-${element}`}>
          <Trans>提交要素</Trans>
        </Button>
      </Group>
    </>
  );
}
