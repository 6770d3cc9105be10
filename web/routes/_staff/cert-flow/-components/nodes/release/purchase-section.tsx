import { Input, Stack, Text, TextInput } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { ERP_DICT_TYPES } from '#domain/erp-reference.ts';
import { hasOverseasOrders, PURCHASE_GROUP_ROWS } from '#domain/release/release-form.ts';
import { DictSelect, RowTable, type RowTableColumn, useDictionary, YesNo } from '#web/forms/index.ts';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import { SectionBlock } from '#web/rfi/section-block.tsx';
import { CodeMultiSelect } from './code-multi-select.tsx';
import type { ReleaseFormApi } from './release-form-types.ts';
import { emptyPurchaseGroupRow, onOverseasChange } from './release-values.ts';

/**
 * Purchase data and purchase-group rows (req flow §3.16, §5.12). Trade terms and ports are asked for,
 * and kept, only in a row with overseas orders; the organisations already in effect for the supplier
 * must stay in a row ('已生效的采购组织 {codes} 必填!', shown under the table).
 */
export function PurchaseSection({ form, effectivePurchaseOrgs }: { form: ReleaseFormApi; effectivePurchaseOrgs: readonly string[] }) {
  const { t } = useLingui();
  const field = useFieldProps(form);
  const paymentMethods = useDictionary(ERP_DICT_TYPES.paymentMethods);
  const values = form.getValues();
  const rows = values.purchaseGroupList;

  const columns: RowTableColumn[] = [
    {
      key: 'purchaseGroupCodes',
      title: t`采购组织`,
      required: true,
      width: 260,
      render: (_, p) => (
        // Only the organisations buying for the chosen company codes are offered.
        <CodeMultiSelect aria-label={t`采购组织`} lookup="purchase-group" companyCodes={values.purchase.companyCodes} {...field(`${p}.purchaseGroupCodes`)} />
      ),
    },
    {
      key: 'paymentTerms',
      title: t`付款条件`,
      required: true,
      width: 200,
      render: (_, p) => <DictSelect dictType={ERP_DICT_TYPES.paymentTerms} aria-label={t`付款条件`} {...field(`${p}.paymentTerms`)} />,
    },
    {
      key: 'purchaseOrderCurrency',
      title: t`订单币种`,
      required: true,
      width: 170,
      render: (_, p) => <DictSelect dictType={ERP_DICT_TYPES.currencies} aria-label={t`订单币种`} {...field(`${p}.purchaseOrderCurrency`)} />,
    },
    {
      key: 'haveOverseasOrder',
      title: t`是否有海外订单`,
      required: true,
      width: 130,
      render: (i, p) => (
        <YesNo
          aria-label={t`是否有海外订单`}
          yes={1}
          no={0}
          {...field(`${p}.haveOverseasOrder`)}
          onChange={(v) => {
            form.setFieldValue(p, onOverseasChange(form.getValues().purchaseGroupList[i], v));
            form.clearFieldError(`${p}.haveOverseasOrder`);
          }}
        />
      ),
    },
    {
      key: 'termsOfTrade',
      title: t`贸易条款`,
      width: 190,
      render: (i, p) => overseas(i) && <DictSelect dictType={ERP_DICT_TYPES.incoterms} aria-label={t`贸易条款`} withAsterisk {...field(`${p}.termsOfTrade`)} />,
    },
    {
      key: 'portOfShipment',
      title: t`起运港`,
      width: 170,
      render: (i, p) => overseas(i) && <TextInput aria-label={t`起运港`} {...field(`${p}.portOfShipment`)} />,
    },
    {
      key: 'portOfArrival',
      title: t`目的港`,
      width: 170,
      render: (i, p) => overseas(i) && <TextInput aria-label={t`目的港`} {...field(`${p}.portOfArrival`)} />,
    },
  ];
  const overseas = (i: number) => hasOverseasOrders(rows[i] ?? {});

  return (
    <>
      <SectionBlock title={t`采购信息`}>
        <CodeMultiSelect label={t`公司代码`} withAsterisk lookup="company" {...field('purchase.companyCodes')} />
        <DictSelect dictType={ERP_DICT_TYPES.reconciliationAccounts} label={t`统驭科目`} withAsterisk {...field('purchase.reconcileAccounts')} />
        <DictSelect
          dictType={ERP_DICT_TYPES.paymentMethods}
          label={t`付款方式`}
          withAsterisk
          {...field('purchase.paymentMethodCode')}
          onChange={(code) => {
            form.setFieldValue('purchase.paymentMethodCode', code as string | null);
            form.setFieldValue('purchase.paymentMethod', code ? paymentMethods.label(code) : '');
            form.clearFieldError('purchase.paymentMethodCode');
          }}
        />
      </SectionBlock>
      <SectionBlock title={t`采购组织信息`} stack>
        <Stack gap={4}>
          {effectivePurchaseOrgs.length > 0 && (
            <Text size="sm" c="dimmed">
              {t`已生效的采购组织：${effectivePurchaseOrgs.join(', ')}`}
            </Text>
          )}
          <RowTable
            form={form}
            path="purchaseGroupList"
            columns={columns}
            newRow={emptyPurchaseGroupRow}
            min={PURCHASE_GROUP_ROWS.min}
            max={PURCHASE_GROUP_ROWS.max}
            numbered
            minWidth={1300}
            addLabel={t`添加采购组织`}
            aria-label={t`采购组织信息`}
            rowTestId="purchase-group-row"
          />
          {/* Trade terms and ports are asked for only in rows with overseas orders. */}
          <Input.Description>{t`有海外订单时须填写贸易条款、起运港和目的港（各不超过70个字符）`}</Input.Description>
        </Stack>
      </SectionBlock>
    </>
  );
}
