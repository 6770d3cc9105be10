import { ActionIcon, Anchor, Button, Group, Input, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { DOCUMENT_EXTENSIONS } from '#domain/files.ts';
import { DOCUMENT_ROWS, HIGH_POTENTIAL_DOCUMENT_TYPE, HIGH_POTENTIAL_FILES } from '#domain/release/release-form.ts';
import { UploadField, UploadHint, useFileField } from '#web/forms/index.ts';
import { MultiUploadField } from '#web/forms/multi-upload-field.tsx';
import { useFormReadOnly } from '#web/forms/caller.tsx';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';
import { SectionBlock } from '#web/rfi/section-block.tsx';
import type { ReleaseFormApi } from './release-form-types.ts';
import { conclusionFiles, emptyDocumentRow, withConclusionFiles } from './release-values.ts';

/** Documents the form adds itself (no template); the server's rows come with their template. */
const OTHER_DOCUMENT_TYPE = 'other';

/**
 * Documents (req flow §3.16, §5.12): each row a template to download and the filled file to upload;
 * the high-potential conclusion files (documentType meet_conclusion, 1 to 5) are required when the
 * KCP2 conclusion is high-potential access.
 */
export function DocumentSection({ form, highPotential }: { form: ReleaseFormApi; highPotential: boolean }) {
  const { t } = useLingui();
  const tr = useRuleMessage();
  const file = useFileField(form);
  const readOnly = useFormReadOnly();
  const list = form.getValues().documentList;
  const conclusions = conclusionFiles(list);
  const rows = list.flatMap((row, index) => (row.documentType === HIGH_POTENTIAL_DOCUMENT_TYPE ? [] : [{ row, index }]));
  const canAdd = list.length < DOCUMENT_ROWS.max;

  return (
    <SectionBlock title={t`附件信息`} stack>
      <Stack gap="md" data-testid="document-list">
        {(highPotential || conclusions.length > 0) && (
          <MultiUploadField
            label={t`高潜供应商结论附件`}
            withAsterisk={highPotential}
            limit={HIGH_POTENTIAL_FILES.max}
            extensions={DOCUMENT_EXTENSIONS}
            value={conclusions}
            onChange={(files) => {
              form.setFieldValue('documentList', withConclusionFiles(form.getValues().documentList, files));
              form.clearFieldError('documentList');
            }}
            error={tr(form.errors.documentList)}
          />
        )}
        {!highPotential && conclusions.length === 0 && form.errors.documentList && <Input.Error>{tr(form.errors.documentList)}</Input.Error>}
        <Stack gap={4}>
          <UploadHint />
          <Table.ScrollContainer minWidth={640} type="native">
            <Table withTableBorder withColumnBorders verticalSpacing={6} aria-label={t`附件列表`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={48}>#</Table.Th>
                  <Table.Th style={{ whiteSpace: 'nowrap' }}>{t`模板`}</Table.Th>
                  <Table.Th style={{ whiteSpace: 'nowrap' }}>{t`上传文件`}</Table.Th>
                  {!readOnly && <Table.Th w={56}>{t`操作`}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={readOnly ? 3 : 4}>
                      <Text size="sm" c="dimmed" ta="center">{t`暂无数据`}</Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {rows.map(({ row, index }, n) => (
                  <Table.Tr key={index} data-testid={`document-row-${n}`}>
                    <Table.Td>{n + 1}</Table.Td>
                    <Table.Td>
                      {row.templateUrl ? (
                        <Anchor href={row.templateUrl} download size="sm">
                          {row.templateName || t`下载模板`}
                        </Anchor>
                      ) : (
                        <Text size="sm" c="dimmed">{t`其他附件`}</Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <UploadField hideHint {...file(`documentList.${index}.documentName`, `documentList.${index}.documentUrl`)} />
                    </Table.Td>
                    {!readOnly && (
                      <Table.Td>
                        {/* Rows of the server's templates stay; the ones added here can go. */}
                        {!row.templateUrl && (
                          <Tooltip label={t`删除`}>
                            <ActionIcon variant="subtle" color="red" aria-label={t`删除附件 ${n + 1}`} onClick={() => form.removeListItem('documentList', index)}>
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {!readOnly && (
            <Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                disabled={!canAdd}
                onClick={() => form.insertListItem('documentList', emptyDocumentRow(OTHER_DOCUMENT_TYPE))}
              >
                {t`添加附件`}
              </Button>
            </Group>
          )}
        </Stack>
      </Stack>
    </SectionBlock>
  );
}
