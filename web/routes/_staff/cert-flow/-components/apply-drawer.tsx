import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Badge, Button, Drawer, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { APPLY_DRAWER_WIDTH, APPLY_TYPE, expandApplySchema, registerApplySchema, type ExpandApply, type RegisterApply } from '#domain/cert-flow/apply.ts';
import { CERTIFIED_REGION, creditCodeLabel, creditCodeMax } from '#domain/rfi/sections/company-limits.ts';
import { CertifiedRegionRadio } from '#web/rfi/steps/company/certified-region-radio.tsx';
import { DEFAULT_AREA_CODE } from '#domain/fields.ts';
import { CATEGORY_LIFE_CYCLE } from '#domain/reference-data.ts';
import type { SupplierOption } from '#domain/supplier-master.ts';
import { certFlowKeys, createExpandApplication, createRegisterApplication } from '#web/api/cert-flow.ts';
import { supplierCategoriesQuery } from '#web/api/supplier-master.ts';
import { isApiError } from '#web/api/client.ts';
import { cmtsQuery, dictQuery, scenariosQuery } from '#web/api/reference.ts';
import { useFieldProps, useRuleMessage } from '#web/hooks/use-rule-message.ts';
import { CategoryPicker } from '#web/components/category-picker.tsx';
import { StaffSelect } from './staff-select.tsx';
import { ContactSelect, SupplierSelect } from './expand-supplier-fields.tsx';
import { ExitHistoryTable } from '../../supplier-exit/-components/exit-history-table.tsx';
import type { DuplicateCheck } from '#domain/cert-flow/duplicates.ts';
import { DuplicateMatches } from './duplicate-matches.tsx';

/** One form for both modes; the expand fields stay empty for a registration (the server drops them). */
type ApplyValues = ExpandApply & { duplicateReason?: string };

const EMPTY: ApplyValues = {
  supplierNo: '',
  supplierCode: '',
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
  certifiedRegion: CERTIFIED_REGION.mainland,
  creditCode: '',
  duplicateReason: '',
};

/**
 * The apply drawer (req flow §2.2, rules of req flow §5.1), 800 px from the right: a new registration (type 1)
 * or the expansion of an accepted supplier's categories (type 2), where the supplier is searched,
 * one of its contacts fills and locks e-mail and phone, and its accessed categories are disabled.
 */
export function ApplyDrawer(props: { opened: boolean; onClose: () => void; applyType?: 1 | 2 }) {
  const expand = props.applyType === APPLY_TYPE.EXPAND;
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const tr = useRuleMessage();
  const form = useForm<ApplyValues>({ initialValues: EMPTY, validate: zod4Resolver(expand ? expandApplySchema : registerApplySchema) });
  // What the duplicate check says of the name and code typed: a refusal holds the submit back.
  const [duplicates, setDuplicates] = useState<DuplicateCheck | undefined>();
  const field = useFieldProps(form);
  // The list page mounts the drawer closed; its choices are fetched when it first opens.
  const cmts = useQuery({ ...cmtsQuery(i18n.locale), enabled: props.opened });
  const scenarios = useQuery({ ...scenariosQuery(expand ? APPLY_TYPE.EXPAND : APPLY_TYPE.REGISTER, i18n.locale), enabled: props.opened });
  const areaCodes = useQuery({ ...dictQuery('world_area_code', i18n.locale), enabled: props.opened });
  const [supplier, setSupplier] = useState<SupplierOption | null>(null);
  const [contactId, setContactId] = useState<string | null>(null);
  // Remounts the cascader on close so its large/middle choice is cleared too.
  const [generation, setGeneration] = useState(0);
  const accessed = useQuery(supplierCategoriesQuery(expand ? (supplier?.supplierNo ?? '') : '', i18n.locale));

  const submit = useMutation({
    mutationFn: ({ duplicateReason, ...v }: ApplyValues) =>
      expand
        ? createExpandApplication(v)
        : // The resolver checked the registration's schema: its region and code are there.
          createRegisterApplication({
            ...v,
            contactEmail: v.contactEmail ?? '',
            certifiedRegion: v.certifiedRegion as RegisterApply['certifiedRegion'],
            creditCode: v.creditCode ?? '',
            ...(duplicates?.reasonRequired && duplicateReason ? { duplicateReason } : {}),
          }),
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

  // Closing resets the form, the cascader and the history (req flow §2.2).
  function close() {
    form.reset();
    setSupplier(null);
    setContactId(null);
    setGeneration((g) => g + 1);
    props.onClose();
  }

  function chooseSupplier(s: SupplierOption | null) {
    setSupplier(s);
    setContactId(null);
    form.setValues({
      supplierNo: s?.supplierNo ?? '',
      supplierCode: s?.supplierCode ?? '',
      supplierName: s?.supplierName ?? '',
      certifiedRegion: s?.certifiedRegion,
      creditCode: s?.creditCode,
      categoryList: [],
      contactName: '',
      contactEmail: '',
      contactAreaCode: DEFAULT_AREA_CODE,
      contactNumber: '',
    });
  }

  const values = form.getValues();
  return (
    <Drawer
      opened={props.opened}
      onClose={close}
      position="right"
      size={APPLY_DRAWER_WIDTH}
      title={expand ? <Trans>扩充供应商品类</Trans> : <Trans>新建注册申请</Trans>}
    >
      <form onSubmit={form.onSubmit((v) => submit.mutate(v))} noValidate>
        <Stack>
          {expand ? (
            <>
              <SupplierSelect value={supplier} onChange={chooseSupplier} error={tr(form.errors.supplierNo ?? form.errors.supplierName)} />
              {supplier && (
                <Group gap="xs" data-testid="accessed-categories">
                  <Trans>已准入品类</Trans>:
                  {(accessed.data ?? []).map((c) => (
                    <Badge key={c.categoryCode} variant="light" color={c.categoryLifeCycle === CATEGORY_LIFE_CYCLE.ELIMINATED ? 'gray' : 'blue'}>
                      {c.categoryName}
                      {c.categoryLifeCycle === CATEGORY_LIFE_CYCLE.ELIMINATED && ` (${t`淘汰`})`}
                    </Badge>
                  ))}
                </Group>
              )}
              {supplier && <ExitHistoryTable supplierNo={supplier.supplierNo} />}
            </>
          ) : (
            <>
              <TextInput label={<Trans>供应商名称</Trans>} withAsterisk maxLength={50} {...field('supplierName')} />
              <CertifiedRegionRadio value={values.certifiedRegion} error={form.errors.certifiedRegion} onChange={(region) => form.setFieldValue('certifiedRegion', region)} />
              <TextInput
                label={tr(creditCodeLabel(values.certifiedRegion))}
                withAsterisk
                maxLength={creditCodeMax(values.certifiedRegion) + 10}
                description={<Trans>供应商在问卷中只读显示，发布时作为SAP税号</Trans>}
                {...field('creditCode')}
              />
              <DuplicateMatches
                supplierName={values.supplierName}
                creditCode={values.creditCode ?? ''}
                reason={values.duplicateReason ?? ''}
                reasonError={tr(form.errors.duplicateReason)}
                onReason={(reason) => {
                  form.setFieldValue('duplicateReason', reason);
                  form.clearFieldError('duplicateReason');
                }}
                onVerdict={setDuplicates}
              />
            </>
          )}
          <div>
            <label className="mantine-InputWrapper-label" style={{ fontSize: 14, fontWeight: 500 }}>
              <Trans>品类</Trans> <span style={{ color: 'var(--mantine-color-error)' }}>*</span>
            </label>
            <CategoryPicker
              key={generation}
              // An eliminated category (an approved exit) may be applied for again: re-admission by a new flow.
              accessed={(accessed.data ?? []).filter((c) => c.categoryLifeCycle !== CATEGORY_LIFE_CYCLE.ELIMINATED).map((c) => c.categoryCode)}
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
            {expand ? (
              <ContactSelect
                supplierCode={supplier?.supplierCode}
                value={contactId}
                onChange={(c) => {
                  setContactId(c?.id ?? null);
                  form.setValues({
                    contactName: c?.name ?? '',
                    contactEmail: c?.email ?? '',
                    contactAreaCode: c?.areaCode ?? DEFAULT_AREA_CODE,
                    contactNumber: c?.phone ?? '',
                  });
                }}
                error={tr(form.errors.contactName)}
              />
            ) : (
              <TextInput label={<Trans>联系人姓名</Trans>} withAsterisk maxLength={50} {...field('contactName')} />
            )}
            {/* Req flow §5.1: e-mail is optional for an expansion; it is the chosen contact's, locked. */}
            <TextInput label={<Trans>联系人邮箱</Trans>} withAsterisk={!expand} type="email" readOnly={expand} {...field('contactEmail')} />
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
              readOnly={expand}
              {...field('contactAreaCode')}
            />
            <TextInput label={<Trans>联系电话</Trans>} withAsterisk inputMode="numeric" readOnly={expand} {...field('contactNumber')} />
          </Group>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={close}>
              <Trans>取消</Trans>
            </Button>
            <Button type="submit" loading={submit.isPending} disabled={!expand && Boolean(duplicates?.refusal)} data-testid="apply-submit">
              <Trans>提交</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
