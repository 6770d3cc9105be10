import { Anchor, Stack } from '@mantine/core';
import { FILES } from '#domain/contracts/files.ts';
import { Trans } from '@lingui/react/macro';
import type { DocumentItem } from '#domain/cert-flow/documents.ts';
import { DOCUMENT_EXTENSIONS } from '#domain/files.ts';
import { MATERIALS_TEMPLATE_KEY, MATERIAL_FILE_MAX } from '#domain/cert-flow/nodes/system-cert.ts';
import { MultiUploadField } from '#web/forms/multi-upload-field.tsx';

/** The reference template of the audit materials (req flow §2.6), served by the template download. */
const MATERIALS_TEMPLATE_URL = `${FILES.template.path}?configKey=${MATERIALS_TEMPLATE_KEY}`;

/**
 * Audit materials of one dimension: up to 5 documents (the types the save accepts), each uploaded on
 * its own. Read-only it lists the files as download links.
 */
export function MaterialsField(props: { value: DocumentItem[]; onChange?: (next: DocumentItem[]) => void; error?: React.ReactNode; readOnly?: boolean }) {
  const { value, onChange, error, readOnly } = props;
  return (
    <Stack gap={2}>
      <MultiUploadField
        value={value}
        onChange={(next) => onChange?.(next)}
        error={error}
        readOnly={readOnly || !onChange}
        limit={MATERIAL_FILE_MAX}
        extensions={DOCUMENT_EXTENSIONS}
      />
      <Anchor href={MATERIALS_TEMPLATE_URL} size="xs" download>
        <Trans>参考模板</Trans>
      </Anchor>
    </Stack>
  );
}
