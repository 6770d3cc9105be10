import { Anchor, Input, Stack } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { DocumentItem } from '#domain/cert-flow/documents.ts';
import { MATERIALS_TEMPLATE_KEY, MATERIAL_FILE_MAX } from '#domain/cert-flow/nodes/system-cert.ts';
import { UploadField } from '#web/forms/index.ts';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';

/** The reference template of the audit materials (spec 2 §2.6), served by the template download. */
export const MATERIALS_TEMPLATE_URL = `/common/v1/template-download?configKey=${MATERIALS_TEMPLATE_KEY}`;

/**
 * Audit materials of one dimension: up to 5 files, each uploaded on its own; clearing a file removes
 * it from the list. Read-only it lists the files as download links.
 */
export function MaterialsField(props: { value: DocumentItem[]; onChange?: (next: DocumentItem[]) => void; error?: React.ReactNode; readOnly?: boolean }) {
  const tr = useRuleMessage();
  const { value, onChange, readOnly } = props;
  const replace = (at: number, next: { name: string; url: string }) =>
    onChange?.(next.url ? value.map((d, i) => (i === at ? { documentName: next.name, documentUrl: next.url } : d)) : value.filter((_, i) => i !== at));
  return (
    <Input.Wrapper error={tr(props.error)}>
      <Stack gap={2}>
        {value.map((d, i) => (
          <UploadField key={d.documentUrl} value={{ name: d.documentName, url: d.documentUrl }} onChange={(next) => replace(i, next)} readOnly={readOnly} hideHint />
        ))}
        {!readOnly && value.length < MATERIAL_FILE_MAX && (
          <UploadField
            value={{ name: '', url: '' }}
            onChange={(next) => next.url && onChange?.([...value, { documentName: next.name, documentUrl: next.url }])}
            hideHint
          />
        )}
        {readOnly && !value.length && '-'}
        <Anchor href={MATERIALS_TEMPLATE_URL} size="xs" download>
          <Trans>参考模板</Trans>
        </Anchor>
      </Stack>
    </Input.Wrapper>
  );
}
