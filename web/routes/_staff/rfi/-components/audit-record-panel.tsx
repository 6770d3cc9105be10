import { Trans } from '@lingui/react/macro';
import { Paper, Stack, Title } from '@mantine/core';
import { RELATION_TYPE } from '#domain/cert-flow/enums.ts';
import { ChangeLogTable } from '#web/routes/_staff/cert-flow/-components/change-log-table.tsx';

/** The audit record panel beside the questionnaire (req rfi §2, req flow §2.4): the RFI change log. */
export function AuditRecordPanel({ flowNo }: { flowNo: string }) {
  return (
    <Paper withBorder p="md" data-testid="audit-record-panel">
      <Stack>
        <Title order={5}>
          <Trans>审核记录</Trans>
        </Title>
        <ChangeLogTable relationType={RELATION_TYPE.RFI_LOG} flowNo={flowNo} compact />
      </Stack>
    </Paper>
  );
}
