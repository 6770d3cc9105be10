import { Stack, Table, Text } from '@mantine/core';
import type { SystemCertItem } from '#domain/cert-flow/nodes/system-cert.ts';
import { useDictionary } from '#web/forms/index.ts';
import { StaffSelect } from '#web/routes/_staff/cert-flow/-components/staff-select.tsx';
import type { StaffOption } from '#web/api/reference.ts';
import { EXPERT_CONCLUSION_DICT } from '#domain/cert-flow/nodes/system-cert.ts';
import { MaterialsField } from './materials-field.tsx';

/** The assignment of one dimension while the purchasing manager edits the experts. */
export interface ExpertChoice {
  value: StaffOption | null;
  onChange: (value: StaffOption | null) => void;
  error?: React.ReactNode;
}

const score = (n: number | null) => (n === null ? '-' : n.toFixed(2));

/** Dimension, self score and review expert: the leading cells of every row. */
export function LeadingCells({ item, expert }: { item: SystemCertItem; expert?: ExpertChoice }) {
  return (
    <>
      <Table.Td fw={500}>{item.indexName}</Table.Td>
      <Table.Td>{score(item.selfScore)}</Table.Td>
      <Table.Td miw={200}>
        {expert ? (
          <StaffSelect label={null} value={expert.value} onChange={expert.onChange} error={expert.error} />
        ) : item.approveExpertId ? (
          `${item.approveExpertName} (${item.approveExpertId})`
        ) : (
          '-'
        )}
      </Table.Td>
    </>
  );
}

/** The scored part of a row as it reads for everyone but its own expert. */
export function ReadScoreCells({ item }: { item: SystemCertItem }) {
  const conclusion = useDictionary(EXPERT_CONCLUSION_DICT);
  return (
    <>
      <Table.Td>
        <Stack gap={2}>
          {item.targetList.map((t) => (
            <Text key={t.targetCode} size="sm">
              {t.targetName}: {score(t.score)}
            </Text>
          ))}
        </Stack>
      </Table.Td>
      <Table.Td maw={260}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {item.riskDesc || '-'}
        </Text>
      </Table.Td>
      <Table.Td>
        {item.expertConclusionStatus === null ? '-' : `${conclusion.label(item.expertConclusionStatus)} / ${score(item.expertConclusionScore)}`}
      </Table.Td>
      <Table.Td>
        <MaterialsField value={item.documentList} readOnly />
      </Table.Td>
    </>
  );
}
