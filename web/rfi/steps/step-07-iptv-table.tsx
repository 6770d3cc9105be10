import { Fragment } from 'react';
import { ActionIcon, Button, Group, Input, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';
import type { StepForm } from '../step-types.ts';
import { canAddIptv, canDeleteIptvGroup, IPTV_GROUPS, IPTV_MIS, type IptvFormRow, withIptvGroup, withoutIptvGroup } from './step-07-rows.ts';
import { TargetNumber } from './step-07-target-cells.tsx';
import { useTargetTitles } from './step-07-titles.ts';
import { lengthProps } from './step-limits.ts';

const len = lengthProps('qualityTargets');

/**
 * IPTV (req rfi §3, §5): groups of three rows, 3, 6 and 9 MIS, added and deleted together; the last
 * group stays. The product line and the warranty (years and 10,000 km) belong to the group: they are
 * typed once on its first row (merged cells on the left), the product line copied to the other rows.
 */
export function IptvTable({ form, readOnly }: { form: StepForm<'qualityTargets'>; readOnly: boolean }) {
  const { t } = useLingui();
  const tr = useRuleMessage();
  const titles = useTargetTitles();
  const rows = (form.getValues().iptvList ?? []) as IptvFormRow[];
  const groups = Math.ceil(rows.length / IPTV_MIS.length);
  const mayDelete = !readOnly && canDeleteIptvGroup(rows.length);
  const required = (title: string) => (
    <>
      <Text span c="red" mr={2}>
        *
      </Text>
      {title}
    </>
  );
  const merged = { rowSpan: IPTV_MIS.length, style: { verticalAlign: 'top' } } as const;

  function setProductLine(head: number, value: string) {
    for (let i = head; i < head + IPTV_MIS.length && i < rows.length; i++) {
      form.setFieldValue(`iptvList.${i}.productLine`, value);
      form.clearFieldError(`iptvList.${i}.productLine`);
    }
  }

  function addGroup() {
    form.setFieldValue('iptvList', withIptvGroup(rows));
    form.clearFieldError('iptvList');
  }

  function deleteGroup(index: number) {
    form.setFieldValue('iptvList', withoutIptvGroup(rows, index));
    // Row errors are keyed by index, which the deletion shifts: the list's go until the next check.
    form.setErrors(Object.fromEntries(Object.entries(form.errors).filter(([key]) => key !== 'iptvList' && !key.startsWith('iptvList.'))));
  }

  return (
    <Input.Wrapper error={tr(form.errors.iptvList)}>
      <Table.ScrollContainer minWidth={1300} type="native">
        <Table withTableBorder withColumnBorders verticalSpacing={6} horizontalSpacing="xs" aria-label={t`IPTV`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={48}>#</Table.Th>
              <Table.Th>{required(titles.productLine)}</Table.Th>
              <Table.Th>{required(titles.warrantyYear)}</Table.Th>
              <Table.Th>{required(titles.warrantyKilometer)}</Table.Th>
              <Table.Th w={70}>{titles.byMis}</Table.Th>
              {titles.numbers.map((c) => (
                <Table.Th key={c.name}>
                  {required(c.title)}
                </Table.Th>
              ))}
              {!readOnly && <Table.Th w={56}>{t`操作`}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => {
              const head = index % IPTV_MIS.length === 0;
              const path = `iptvList.${index}`;
              const group = Math.floor(index / IPTV_MIS.length);
              return (
                <Table.Tr key={index} data-row={index} data-group={group}>
                  {head && (
                    <Fragment>
                      <Table.Td {...merged}>{group + 1}</Table.Td>
                      <Table.Td {...merged}>
                        <TextInput
                          miw={150}
                          aria-label={titles.productLine}
                          {...len(`${path}.productLine`)}
                          value={String(row.productLine ?? '')}
                          onChange={(e) => setProductLine(index, e.currentTarget.value)}
                          onBlur={() => !readOnly && form.validateField(`${path}.productLine`)}
                          error={tr(form.errors[`${path}.productLine`])}
                          readOnly={readOnly}
                        />
                      </Table.Td>
                      <Table.Td {...merged}>
                        <TargetNumber form={form} rowPath={path} name="warrantyYear" label={titles.warrantyYear} readOnly={readOnly} />
                      </Table.Td>
                      <Table.Td {...merged}>
                        <TargetNumber form={form} rowPath={path} name="warrantyKilometer" label={titles.warrantyKilometer} readOnly={readOnly} />
                      </Table.Td>
                    </Fragment>
                  )}
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{`${row.byMis ?? IPTV_MIS[index % IPTV_MIS.length]}MIS`}</Table.Td>
                  {titles.numbers.map((c) => (
                    <Table.Td key={c.name} style={{ verticalAlign: 'top' }}>
                      <TargetNumber form={form} rowPath={path} name={c.name} label={`${c.title} (${row.byMis}MIS)`} readOnly={readOnly} />
                    </Table.Td>
                  ))}
                  {head && (
                    <Fragment>
                      {!readOnly && (
                        <Table.Td {...merged}>
                          <Tooltip label={t`至少保留一组`} disabled={mayDelete}>
                            <ActionIcon variant="subtle" color="red" mt={4} aria-label={t`删除第${group + 1}组`} disabled={!mayDelete} onClick={() => deleteGroup(index)}>
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Tooltip>
                        </Table.Td>
                      )}
                    </Fragment>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!readOnly && (
        <Group mt="xs">
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} disabled={!canAddIptv(rows)} onClick={addGroup}>
            {t`添加一组（3MIS、6MIS、9MIS）`}
          </Button>
          <Text size="xs" c="dimmed">
            {t`${groups} / ${IPTV_GROUPS.max} 组`}
          </Text>
        </Group>
      )}
    </Input.Wrapper>
  );
}
