import { TextInput } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { AreaPicker, DictSelect, useAreaField } from '#web/forms/index.ts';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import { SectionBlock } from '#web/rfi/section-block.tsx';
import { applyDroppingCityCode } from './area-with-city-code.ts';
import type { ReleaseFormApi } from './release-form-types.ts';

/**
 * Basic info (req flow §3.16, §5.12): the supplier as the ERP will know it. The supplier code is the
 * ERP's to give (or taken over from an existing ERP vendor), so it is shown, never typed.
 */
export function BasicInfoSection({ form }: { form: ReleaseFormApi }) {
  const { t } = useLingui();
  const field = useFieldProps(form);
  const area = useAreaField(form);
  return (
    <>
      <SectionBlock title={t`基本信息`}>
        <TextInput label={t`供应商名称`} withAsterisk {...field('basicInfo.supplierName')} />
        <TextInput
          label={t`供应商编码`}
          readOnly
          variant="filled"
          placeholder={t`由SAP生成`}
          {...field('basicInfo.supplierCode')}
          data-testid="release-supplier-code"
        />
        <TextInput label={t`统一社会信用代码`} withAsterisk {...field('basicInfo.creditCode')} />
        <DictSelect dictType="supplier_type" label={t`供应商类型`} withAsterisk {...field('basicInfo.supplierType')} />
        <TextInput label={t`企业规模`} {...field('basicInfo.enterpriseScale')} />
        <TextInput label={t`供应商简称`} withAsterisk {...field('basicInfo.supplierShortName')} />
        <TextInput label={t`法定代表人`} {...field('basicInfo.legalName')} />
        <TextInput label={t`邮政编码`} withAsterisk {...field('basicInfo.postalCode')} />
        <TextInput label={t`公司电话`} inputMode="tel" {...field('basicInfo.companyPhone')} />
      </SectionBlock>
      <SectionBlock title={t`注册地址`} stack>
        <AreaPicker label={t`国家/地区、省、市及详细地址`} withAsterisk withAddress {...area('basicInfo', undefined, applyDroppingCityCode(form, 'basicInfo', 'cityCode'))} />
      </SectionBlock>
    </>
  );
}
