import { useMemo, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Group, Input, Paper, SegmentedControl, Stack, Text, Textarea, useMatches } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useLingui } from '@lingui/react/macro';
import { CHANGE_LIMITS, changeFormSchema, FACTORY_MAX_DEFAULT, type ChangeRuleContext } from '#domain/supplier-change/change-form.ts';
import type { ChangeSaved } from '#domain/supplier-change/requests.ts';
import { cardsOf, MODIFY_TYPES, type ChangeCard, type ChangeSide } from '#domain/supplier-change/status.ts';
import { isApiError } from '#web/api/client.ts';
import { changeSupplierCategoryQuery, invalidateChange, saveChange, submitChange } from '#web/api/supplier-change.ts';
import { FormCallerProvider, useWorkCounter } from '#web/forms/index.ts';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';
import { SectionBlock } from '#web/rfi/section-block.tsx';
import { InvoiceBlock } from '#web/rfi/steps/company/invoice-block.tsx';
import { ContactTable } from '#web/rfi/steps/step-02-contacts.tsx';
import { BankSection } from '#web/routes/_staff/cert-flow/-components/nodes/release/bank-section.tsx';
import { BasicInfoSection } from '#web/routes/_staff/cert-flow/-components/nodes/release/basic-info-section.tsx';
import { DocumentSection } from '#web/routes/_staff/cert-flow/-components/nodes/release/document-section.tsx';
import { PurchaseSection } from '#web/routes/_staff/cert-flow/-components/nodes/release/purchase-section.tsx';
import type { ReleaseFormApi } from '#web/routes/_staff/cert-flow/-components/nodes/release/release-form-types.ts';
import { changePayload, changeValues, emptyChangeFactoryRow, valuesForSide, type ChangeStart, type ChangeValues } from './change-values.ts';
import { ChangeFactoryCard } from './factory-card.tsx';
import { modifyTypeLabel } from './labels.ts';

/** Req flow §5.12 (the release form's contacts): name, position, area code and phone. */
const CONTACT_REQUIRED = ['name', 'position', 'contactAreaCode', 'contactNumber'] as const;

export interface ChangeEditorProps {
  side: ChangeSide;
  start: ChangeStart;
  /** The master the change started from (the snapshot), for the rules that compare with it. */
  before: ChangeRuleContext['before'];
  rules: {
    factoryAdmin: boolean;
    maxFactories?: number;
    effectivePurchaseOrgs?: readonly string[];
  };
  /** After a temporary save (the change now has its number) and after a submit. */
  onSaved?: (saved: ChangeSaved) => void;
  onSubmitted: (saved: ChangeSaved & { comparisonCode?: string }) => void;
}

/**
 * The supplier information change form (req change §2.2): the modify type decides the cards (all, contact,
 * invoice, factory); the supplier side never has the purchase card. The cards are the release form's
 * sections (the same master), plus the factories of req change §5.2, the modification explanation and the documents.
 * Temporary save keeps a draft (shape rules only); submit checks every rule of the domain schema, here and
 * on the server, whose field errors land on their fields.
 */
export function ChangeEditor({ side, start, before, rules, onSaved, onSubmitted }: ChangeEditorProps) {
  const { t, i18n } = useLingui();
  const narrow = useMatches({ base: true, xs: false });
  const tr = useRuleMessage();
  const queryClient = useQueryClient();
  const ctx: ChangeRuleContext = useMemo(
    () => ({
      before,
      factoryAdmin: rules.factoryAdmin,
      maxFactories: rules.maxFactories ?? FACTORY_MAX_DEFAULT,
      effectivePurchaseOrgs: rules.effectivePurchaseOrgs ?? [],
    }),
    [before, rules.factoryAdmin, rules.maxFactories, rules.effectivePurchaseOrgs],
  );
  const fullSchema = useMemo(() => changeFormSchema(side, 'full', ctx), [side, ctx]);
  const form = useForm<ChangeValues>({
    mode: 'controlled',
    initialValues: changeValues(start),
    // The side's schema sees what the side sends: the supplier's values have no purchase parts.
    validate: (values) => zod4Resolver(fullSchema)(valuesForSide(values, side) as ChangeValues),
    validateInputOnBlur: true,
  });
  const uploads = useWorkCounter();
  const box = useRef<HTMLDivElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const values = form.getValues();
  const cards = new Set<ChangeCard>(values.modifyType ? cardsOf(values.modifyType, side) : []);
  const categories = useQuery(changeSupplierCategoryQuery(side, values.supplierNo, i18n.locale));
  // The release sections edit the same parts under the same keys; their form type is the release form's.
  const releaseForm = form as unknown as ReleaseFormApi;
  const beforeFactories = new Map(((before?.factoryInfoDtoList ?? []) as { rowId?: string }[]).map((f) => [f.rowId, f as Record<string, unknown>]));

  const revealErrors = () =>
    requestAnimationFrame(() =>
      box.current?.querySelector('[aria-invalid="true"], .mantine-InputWrapper-error')?.scrollIntoView({ block: 'center', behavior: 'smooth' }),
    );

  const write = useMutation({
    mutationFn: (submit: boolean) => (submit ? submitChange : saveChange)(side, changePayload(form.getValues(), side)),
    onSuccess: (saved, submit) => {
      setRefusal(null);
      notifications.show({ color: 'green', message: saved.message });
      form.setFieldValue('flowNo', saved.flowNo);
      void invalidateChange(queryClient, side, saved.flowNo);
      if (submit) onSubmitted(saved);
      else onSaved?.(saved);
    },
    onError: (err) => {
      if (isApiError(err) && Object.keys(err.fieldErrors).length) {
        form.setErrors(err.fieldErrors);
        revealErrors();
      }
      setRefusal(err.message);
      notifications.show({
        color: 'red',
        message: err.message,
        autoClose: 3000,
      });
    },
  });

  const submit = () => {
    const result = form.validate();
    if (result.hasErrors) {
      revealErrors();
      return;
    }
    write.mutate(true);
  };
  const save = () => {
    if (!values.modifyType) {
      form.setFieldError('modifyType', 'chooseModifyType');
      return;
    }
    write.mutate(false);
  };

  const busy = write.isPending || uploads.busy;
  const has = (card: ChangeCard) => cards.has(card);
  const factories = values.factoryInfoDtoList;
  const maxFactories = ctx.maxFactories;

  return (
    <FormCallerProvider
      value={{
        supplier: false,
        portal: side === 'supplier',
        beginWork: uploads.beginWork,
      }}
    >
      <Stack data-testid="change-editor" data-side={side}>
        <Paper withBorder p="md">
          <Input.Wrapper label={t`修改类型`} withAsterisk error={tr(form.errors.modifyType)}>
            <Box mt={4}>
              <SegmentedControl
                data={MODIFY_TYPES.map((m) => ({
                  value: m,
                  label: modifyTypeLabel(m),
                }))}
                value={values.modifyType ?? ''}
                readOnly={Boolean(values.flowNo)}
                onChange={(v) => {
                  form.setFieldValue('modifyType', v as ChangeValues['modifyType']);
                  form.clearErrors();
                }}
                data-testid="modify-type"
                // On a phone the four types stand one under another instead of running off the screen.
                orientation={narrow ? 'vertical' : 'horizontal'}
                fullWidth={narrow}
              />
            </Box>
          </Input.Wrapper>
          {values.flowNo && (
            <Text size="xs" c="dimmed" mt={4}>
              {t`变更单号 ${values.flowNo}`}
            </Text>
          )}
        </Paper>
        {values.modifyType && (
          <Box ref={box}>
            <form noValidate onSubmit={(e) => e.preventDefault()} aria-label={t`供应商信息变更`}>
              {has('company') && <BasicInfoSection form={releaseForm} />}
              {has('contact') && (
                <SectionBlock title={t`联系人信息`} stack>
                  <ContactTable
                    form={form}
                    readOnly={false}
                    categories={categories.data?.map((c) => ({ code: c.categoryCode, name: c.categoryName }))}
                    required={CONTACT_REQUIRED}
                  />
                </SectionBlock>
              )}
              {has('bank') && <BankSection form={releaseForm} />}
              {has('purchase') && <PurchaseSection form={releaseForm} effectivePurchaseOrgs={rules.effectivePurchaseOrgs ?? []} />}
              {has('invoice') && <InvoiceBlock form={form} prefix="invoice." />}
              {has('factory') && (
                <SectionBlock title={t`工厂信息`} stack>
                  <Stack gap="sm" data-testid="change-factory-list">
                    {form.errors.factoryInfoDtoList && <Input.Error>{tr(form.errors.factoryInfoDtoList)}</Input.Error>}
                    {factories.map((f, index) => (
                      <ChangeFactoryCard
                        key={f.rowId ?? `new-${index}`}
                        form={form}
                        side={side}
                        index={index}
                        before={f.rowId ? beforeFactories.get(f.rowId) : undefined}
                        factoryAdmin={rules.factoryAdmin}
                        categories={categories.data ?? []}
                        onRemove={() => form.removeListItem('factoryInfoDtoList', index)}
                      />
                    ))}
                    <Group>
                      <Button
                        variant="light"
                        size="xs"
                        leftSection={<IconPlus size={14} />}
                        disabled={factories.length >= maxFactories}
                        onClick={() => form.insertListItem('factoryInfoDtoList', emptyChangeFactoryRow())}
                      >
                        {t`添加工厂`}
                      </Button>
                      <Text size="xs" c="dimmed">
                        {t`${factories.length} / ${maxFactories} 个`}
                      </Text>
                    </Group>
                  </Stack>
                </SectionBlock>
              )}
              {has('information') && (
                <SectionBlock title={t`修改说明`} stack>
                  <Textarea
                    label={t`修改说明`}
                    withAsterisk
                    autosize
                    minRows={3}
                    maxLength={CHANGE_LIMITS.modifyReason}
                    description={`${values.modifyReason.length}/${CHANGE_LIMITS.modifyReason}`}
                    {...form.getInputProps('modifyReason')}
                    error={tr(form.errors.modifyReason)}
                    data-testid="modify-reason"
                  />
                </SectionBlock>
              )}
              {has('document') && <DocumentSection form={releaseForm} highPotential={false} />}
            </form>
          </Box>
        )}
        {refusal && (
          <Alert color="red" title={t`提交失败`} data-testid="change-refusal">
            {refusal}
          </Alert>
        )}
        <Group
          justify="flex-end"
          gap="sm"
          py="sm"
          style={{
            position: 'sticky',
            bottom: 0,
            zIndex: 3,
            background: 'var(--mantine-color-body)',
            borderTop: '1px solid var(--mantine-color-default-border)',
          }}
        >
          <Button variant="default" loading={write.isPending && write.variables === false} disabled={busy} onClick={save} data-testid="change-save">
            {t`暂存`}
          </Button>
          <Button loading={write.isPending && write.variables === true} disabled={busy || !values.modifyType} onClick={submit} data-testid="change-submit">
            {t`提交`}
          </Button>
        </Group>
      </Stack>
    </FormCallerProvider>
  );
}
