import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Button, Drawer, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { APPLY_DRAWER_WIDTH, registerApplySchema, type RegisterApply } from '#domain/cert-flow/apply.ts';
import { DEFAULT_AREA_CODE } from '#domain/fields.ts';
import { certFlowKeys, createRegisterApplication } from '../../../../api/cert-flow.ts';
import { isApiError } from '../../../../api/client.ts';
import { cmtsQuery, dictQuery, scenariosQuery } from '../../../../api/reference.ts';
import { useFieldProps, useRuleMessage } from '../../../../hooks/use-rule-message.ts';
import { CategoryPicker } from './category-picker.tsx';
import { StaffSelect } from './staff-select.tsx';

const EMPTY: RegisterApply = {
  supplierName: '',
  categoryList: [],
  cmtCode: '',
  certScenario: '',
  applyReason: '',
  recommendJob: '',
  recommendName: '',
  contactName: '',
  contactEmail: '',
  contactAreaCode: DEFAULT_AREA_CODE,
  contactNumber: '',
};

/** The new registration application drawer (spec 2 §2.2, rules of §5.1), 800 px from the right. */
export function ApplyDrawer(props: { opened: boolean; onClose: () => void }) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const tr = useRuleMessage();
  const form = useForm<RegisterApply>({ initialValues: EMPTY, validate: zod4Resolver(registerApplySchema) });
  const field = useFieldProps(form);
  const cmts = useQuery(cmtsQuery(i18n.locale));
  const scenarios = useQuery(scenariosQuery(1, i18n.locale));
  const areaCodes = useQuery(dictQuery('world_area_code', i18n.locale));

  const submit = useMutation({
    mutationFn: createRegisterApplication,
    onSuccess: ({ flowNo }) => {
      notifications.show({ color: 'green', message: t`提交成功` + ` (${flowNo})` });
      void queryClient.invalidateQueries({ queryKey: certFlowKeys.lists() });
      close();
    },
    onError: (err) => {
      if (isApiError(err) && Object.keys(err.fieldErrors).length) form.setErrors(err.fieldErrors);
      notifications.show({ color: 'red', message: err.message, autoClose: 3000 });
    },
  });

  // Closing resets the form, the cascader and the history (spec 2 §2.2).
  function close() {
    form.reset();
    props.onClose();
  }

  const values = form.getValues();
  return (
    <Drawer opened={props.opened} onClose={close} position="right" size={APPLY_DRAWER_WIDTH} title={<Trans>新建注册申请</Trans>}>
      <form onSubmit={form.onSubmit((v) => submit.mutate(v))} noValidate>
        <Stack>
          <TextInput label={<Trans>供应商名称</Trans>} withAsterisk maxLength={50} {...field('supplierName')} />
          <div>
            <label className="mantine-InputWrapper-label" style={{ fontSize: 14, fontWeight: 500 }}>
              <Trans>品类</Trans> <span style={{ color: 'var(--mantine-color-error)' }}>*</span>
            </label>
            <CategoryPicker
              value={values.categoryList}
              onChange={(list) => {
                form.setFieldValue('categoryList', list.map(({ code, name }) => ({ code, name })));
                // The CMT follows the categories unless the user chose one.
                const cmt = list.find((c) => c.cmtCode)?.cmtCode;
                if (cmt && !form.getValues().cmtCode) form.setFieldValue('cmtCode', cmt);
              }}
              error={tr(form.errors.categoryList)}
            />
          </div>
          <SimpleGrid cols={2}>
            <Select
              label="CMT"
              withAsterisk
              searchable
              data={(cmts.data ?? []).map((c) => ({ value: c.cmtCode, label: c.cmtName }))}
              {...field('cmtCode')}
            />
            <Select
              label={<Trans>认证场景</Trans>}
              withAsterisk
              data={(scenarios.data ?? []).map((s) => ({ value: s.code, label: s.name }))}
              {...field('certScenario')}
            />
          </SimpleGrid>
          <Textarea label={<Trans>申请原因</Trans>} withAsterisk maxLength={100} autosize minRows={2} {...field('applyReason')} />
          <StaffSelect
            label={<Trans>推荐人</Trans>}
            withAsterisk
            value={values.recommendJob ? { jobNumber: values.recommendJob, name: values.recommendName } : null}
            onChange={(s) => {
              form.setFieldValue('recommendJob', s?.jobNumber ?? '');
              form.setFieldValue('recommendName', s?.name ?? '');
            }}
            error={tr(form.errors.recommendJob ?? form.errors.recommendName)}
          />
          <SimpleGrid cols={2}>
            <TextInput label={<Trans>联系人姓名</Trans>} withAsterisk maxLength={50} {...field('contactName')} />
            <TextInput label={<Trans>联系人邮箱</Trans>} withAsterisk type="email" {...field('contactEmail')} />
          </SimpleGrid>
          <Group grow align="flex-start">
            <Select
              label={<Trans>区号</Trans>}
              withAsterisk
              searchable
              data={(areaCodes.data ?? [{ dictKey: DEFAULT_AREA_CODE, dictValue: DEFAULT_AREA_CODE }]).map((d) => ({
                value: d.dictKey,
                label: d.dictValue.includes(d.dictKey) ? d.dictValue : `${d.dictKey} ${d.dictValue}`,
              }))}
              {...field('contactAreaCode')}
            />
            <TextInput label={<Trans>联系电话</Trans>} withAsterisk inputMode="numeric" {...field('contactNumber')} />
          </Group>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={close}>
              <Trans>取消</Trans>
            </Button>
            <Button type="submit" loading={submit.isPending}>
              <Trans>提交</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
