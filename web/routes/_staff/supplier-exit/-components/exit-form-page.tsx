import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Alert, Anchor, Button, Card, Group, MultiSelect, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { CATEGORY_LIFE_CYCLE } from '#domain/reference-data.ts';
import type { SupplierOption } from '#domain/supplier-master.ts';
import { EXIT_DICT, EXIT_FILES_MAX, EXIT_REASON_MAX, exitSubmitRequest, type ExitDetail, type ExitFormInput } from '#domain/supplier-exit/exit.ts';
import { isApiError } from '#web/api/client.ts';
import { supplierCategoriesQuery } from '#web/api/supplier-master.ts';
import { exitCertFlowsQuery, exitKeys, saveExit, submitExit } from '#web/api/supplier-exit.ts';
import { DictSelect, FormCallerProvider, useDictionary, useStaffUploads } from '#web/forms/index.ts';
import { MultiUploadField } from '#web/forms/multi-upload-field.tsx';
import { useFieldProps, useRuleMessage } from '#web/hooks/use-rule-message.ts';
import { SupplierSelect } from '../../cert-flow/-components/expand-supplier-fields.tsx';
import { ExitEndButtons } from './exit-end-buttons.tsx';
import { ExitHistoryTable } from './exit-history-table.tsx';

const EMPTY: ExitFormInput = { supplierNo: '', exitScope: 'CATEGORY', categoryCodes: [], exitCategory: null, exitTypes: [], reason: '', documentList: [] };

const formOf = (d: ExitDetail): ExitFormInput => ({
  flowNo: d.flowNo,
  supplierNo: d.supplierNo,
  exitScope: d.exitScope,
  categoryCodes: d.categoryCodes,
  exitCategory: d.exitCategory,
  exitTypes: d.exitTypes,
  reason: d.reason ?? '',
  documentList: d.documentList,
});

/**
 * The exit form (req exit §2.3): the supplier, the scope (the whole supplier or chosen admitted
 * categories), exit category and types, reason and attachments. Save keeps a draft; submit sends it for
 * approval. A whole-supplier exit lists the supplier's certification flows: a running one blocks it.
 */
export function ExitFormPage({ draft }: { draft?: ExitDetail }) {
  const { i18n } = useLingui();
  const tr = useRuleMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<ExitFormInput>({ initialValues: draft ? formOf(draft) : EMPTY, validate: zod4Resolver(exitSubmitRequest) });
  const field = useFieldProps(form);
  const [supplier, setSupplier] = useState<SupplierOption | null>(
    draft ? { supplierNo: draft.supplierNo, supplierCode: draft.supplierCode, supplierName: draft.supplierName, creditCode: '', certifiedRegion: 10 } : null,
  );
  const [blockedBy, setBlockedBy] = useState<{ flowNo: string; link: string } | null>(null);
  const values = form.getValues();
  const categories = useQuery(supplierCategoriesQuery(supplier?.supplierNo ?? '', i18n.locale));
  const flows = useQuery(exitCertFlowsQuery(values.exitScope === 'SUPPLIER' ? (supplier?.supplierNo ?? '') : ''));
  const exitTypes = useDictionary(EXIT_DICT.type);
  useEffect(() => setBlockedBy(null), [values.exitScope, supplier?.supplierNo]);

  const write = useMutation({
    mutationFn: ({ v, submit }: { v: ExitFormInput; submit: boolean }) => (submit ? submitExit(v) : saveExit(v)),
    onSuccess: ({ flowNo, message }, { submit }) => {
      notifications.show({ color: 'green', message });
      void queryClient.invalidateQueries({ queryKey: exitKeys.all });
      if (submit) void navigate({ to: '/supplier-exit/detail', search: { flowNo } });
      else form.setFieldValue('flowNo', flowNo);
    },
    onError: (err) => {
      if (isApiError(err) && Object.keys(err.fieldErrors).length) form.setErrors(err.fieldErrors);
      const data = isApiError(err) ? (err.data as { flowNo?: string; link?: string } | undefined) : undefined;
      if (data?.flowNo && data.link) setBlockedBy({ flowNo: data.flowNo, link: data.link });
      notifications.show({ color: 'red', message: err.message, autoClose: 3000 });
    },
  });

  const uploads = useStaffUploads();
  const running = (flows.data ?? []).filter((f) => f.running);
  return (
    <FormCallerProvider value={uploads.caller}>
      <Stack maw={900}>
        <Title order={4}>{draft ? <Trans>编辑退出申请 {draft.flowNo}</Trans> : <Trans>新建供应商退出</Trans>}</Title>
        <Card withBorder>
          <Stack>
            <SupplierSelect
              value={supplier}
              onChange={(s) => {
                setSupplier(s);
                form.setFieldValue('supplierNo', s?.supplierNo ?? '');
                form.setFieldValue('categoryCodes', []);
              }}
              error={tr(form.errors.supplierNo)}
            />
            <Radio.Group label={t`退出范围`} withAsterisk {...field('exitScope')}>
              <Group mt={4}>
                <Radio value="CATEGORY" label={t`部分品类退出`} data-testid="exit-scope-category" />
                <Radio value="SUPPLIER" label={t`供应商整体退出`} data-testid="exit-scope-supplier" />
              </Group>
            </Radio.Group>
            {values.exitScope === 'CATEGORY' ? (
              <MultiSelect
                label={t`退出品类`}
                withAsterisk
                searchable
                data-testid="exit-categories"
                placeholder={supplier ? t`请选择已准入品类` : t`请先选择供应商`}
                data={(categories.data ?? []).map((c) => ({
                  value: c.categoryCode,
                  label: c.categoryLifeCycle === CATEGORY_LIFE_CYCLE.ELIMINATED ? `${c.categoryName} (${t`淘汰`})` : c.categoryName,
                  disabled: c.categoryLifeCycle === CATEGORY_LIFE_CYCLE.ELIMINATED,
                }))}
                {...field('categoryCodes')}
              />
            ) : (
              supplier &&
              (running.length ? (
                <Alert color="orange" title={t`该供应商有进行中的认证流程，整体退出需等其结束或终止`}>
                  {running.map((f) => (
                    <Anchor key={f.flowNo} size="sm" mr={12} renderRoot={(props) => <Link {...props} to="/cert-flow/detail" search={{ id: f.flowNo }} />}>
                      {f.flowNo}
                    </Anchor>
                  ))}
                </Alert>
              ) : (
                <Text size="sm" c="dimmed">
                  <Trans>整体退出后：全部品类标记为淘汰，供应商停用，门户账号仅可查看，SAP 冻结采购。</Trans>
                </Text>
              ))
            )}
            {blockedBy && (
              <Alert color="red" data-testid="exit-blocked-by-flow">
                <Trans>进行中的认证流程：</Trans>{' '}
                <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/cert-flow/detail" search={{ id: blockedBy.flowNo }} />} data-testid="exit-blocking-flow-link">
                  {blockedBy.flowNo}
                </Anchor>
              </Alert>
            )}
            <DictSelect dictType={EXIT_DICT.category} label={t`退出类别`} withAsterisk data-testid="exit-category" {...field('exitCategory')} />
            <MultiSelect
              label={t`退出类型`}
              withAsterisk
              searchable
              data-testid="exit-types"
              data={exitTypes.entries.map((e) => ({ value: e.dictKey, label: e.dictValue }))}
              {...field('exitTypes')}
            />
            <Textarea label={t`退出原因`} withAsterisk autosize minRows={3} maxLength={EXIT_REASON_MAX} data-testid="exit-reason" {...field('reason')} />
            <MultiUploadField label={t`附件`} limit={EXIT_FILES_MAX} {...field('documentList')} value={values.documentList ?? []} onChange={(d) => form.setFieldValue('documentList', d)} />
            <Group justify="flex-end">
              {draft && <ExitEndButtons flowNo={draft.flowNo} actions={draft.actions} onDeleted={() => void navigate({ to: '/supplier-exit', search: { currentPage: 1, pageSize: 20 } })} />}
              <Button variant="default" loading={write.isPending} disabled={uploads.busy} onClick={() => write.mutate({ v: form.getValues(), submit: false })} data-testid="exit-save">
                <Trans>保存</Trans>
              </Button>
              <Button
                loading={write.isPending}
                disabled={uploads.busy}
                onClick={() => {
                  if (!form.validate().hasErrors) write.mutate({ v: form.getValues(), submit: true });
                }}
                data-testid="exit-submit"
              >
                <Trans>提交</Trans>
              </Button>
            </Group>
          </Stack>
        </Card>
        {supplier && (
          <Card withBorder>
            <Title order={5} mb="sm">
              <Trans>退出历史</Trans>
            </Title>
            <ExitHistoryTable supplierNo={supplier.supplierNo} />
          </Card>
        )}
      </Stack>
    </FormCallerProvider>
  );
}
