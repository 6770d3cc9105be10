import { type ReactNode, useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { Alert, Anchor, Badge, Group, Stack, Text, Textarea } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { DUPLICATE_REASON_MAX, type DuplicateCheck, type DuplicateKind } from '#domain/cert-flow/duplicates.ts';
import { duplicateCheckQuery } from '#web/api/cert-flow.ts';

const KIND_COLOR: Record<DuplicateKind, string> = { supplier: 'green', exited: 'gray', flow: 'blue' };

/**
 * The duplicate check of a new registration, under its name and credit code (docs/decisions/0054-a-duplicate-check-at-the-door.md ("A duplicate check at
 * the door")): the suppliers and running flows that share either, each with its state and a link; a credit code already
 * admitted or in a running flow says the application is refused and why; other matches ask why it goes on.
 */
export function DuplicateMatches(props: {
  supplierName: string;
  creditCode: string;
  reason: string;
  reasonError?: ReactNode;
  onReason: (reason: string) => void;
  onVerdict: (check: DuplicateCheck | undefined) => void;
}) {
  const { i18n } = useLingui();
  const [typed] = useDebouncedValue({ supplierName: props.supplierName, creditCode: props.creditCode }, 400);
  const check = useQuery(duplicateCheckQuery(typed, i18n.locale));
  const data = check.data;
  const { onVerdict } = props;
  useEffect(() => onVerdict(data), [data, onVerdict]);
  if (!data || data.matches.length === 0) return null;
  const kindName = (k: DuplicateKind) => ({ supplier: t`准入供应商`, exited: t`已退出供应商`, flow: t`进行中的流程` })[k];
  return (
    <Alert color={data.refusal ? 'red' : 'orange'} title={data.refusal ?? t`发现相似的供应商或流程`} data-testid="duplicate-matches">
      <Stack gap={4}>
        {data.matches.map((m) => (
          <Group key={`${m.kind}-${m.no}`} gap="xs" data-testid="duplicate-match" data-kind={m.kind}>
            <Badge size="sm" variant="light" color={KIND_COLOR[m.kind]}>
              {kindName(m.kind)}
            </Badge>
            <Anchor href={m.link} target="_blank" size="sm">
              {m.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {m.no} · {m.state} · {m.by.map((b) => (b === 'creditCode' ? t`信用代码相同` : t`名称相近`)).join(' / ')}
            </Text>
          </Group>
        ))}
        {data.reasonRequired && (
          <Textarea
            mt="xs"
            label={<Trans>继续申请的理由</Trans>}
            withAsterisk
            maxLength={DUPLICATE_REASON_MAX}
            value={props.reason}
            error={props.reasonError}
            onChange={(e) => props.onReason(e.currentTarget.value)}
            data-testid="duplicate-reason"
          />
        )}
      </Stack>
    </Alert>
  );
}
