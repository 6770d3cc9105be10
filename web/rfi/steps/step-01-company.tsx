import { Select, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Locale } from '#domain/i18n.ts';
import { translate } from '#web/rule-messages.ts';
import { onCertifiedRegionChange, onCompanyCategoryChange, onCompanyTypeChange } from '#domain/rfi/dependencies.ts';
import { CERTIFIED_REGION, COMPANY_TYPES, creditCodeLabel, PARTNER_CATEGORIES } from '#domain/rfi/sections/company-limits.ts';
import { useFileField } from '#web/forms/bindings.ts';
import { CountrySelect } from '#web/forms/country-select.tsx';
import { DictSelect } from '#web/forms/dict-select.tsx';
import { NumberField } from '#web/forms/number-field.tsx';
import { UploadField } from '#web/forms/upload-field.tsx';
import { YesNo } from '#web/forms/yes-no.tsx';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import { SectionBlock } from '../section-block.tsx';
import { defineStep, type StepFormProps } from '../step-types.ts';
import { CompanyAddresses } from './company/company-addresses.tsx';
import { applyCompanyChange, changeLicenceField } from './company/company-dependencies.ts';
import { companyValues } from './company/company-values.ts';
import { InvoiceBlock } from './company/invoice-block.tsx';
import { CertifiedRegionRadio } from './company/certified-region-radio.tsx';

/** Partners of category 30 are foreign: the mainland and the regions of hk_mo_tw are left out. */
const NOT_FOREIGN = ['CN', 'HK', 'MO', 'TW'];

/** Step 1 (req rfi §3 "Company info", "Invoice info"; req rfi §4 dependencies; req rfi §5 rules). */
function CompanyForm({ form, staff }: StepFormProps<'company'>) {
  const { t, i18n } = useLingui();
  const field = useFieldProps(form);
  const file = useFileField(form);
  const v = form.getValues();
  const category = v.companyCategory === null || v.companyCategory === undefined || v.companyCategory === '' ? null : Number(v.companyCategory);
  const typeLabels: Record<(typeof COMPANY_TYPES)[number], string> = { OEM: t`制造商`, AGENT: t`代理商`, DISTRIBUTOR: t`经销商`, OTHER: t`其他` };
  const textChange = (key: 'companyChineseName' | 'companyEnglishName') => ({
    ...field(key),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => changeLicenceField(form, { [key]: e.currentTarget.value }),
  });

  return (
    <>
      <SectionBlock title={<Trans>公司信息</Trans>}>
        <CertifiedRegionRadio
          value={v.certifiedRegion}
          error={form.errors.certifiedRegion}
          onChange={(region) => applyCompanyChange(form, (vals) => onCertifiedRegionChange(vals, region))}
        />
        <TextInput
          label={translate(creditCodeLabel(v.certifiedRegion), i18n.locale as Locale)}
          // Req rfi §3: the supplier sees the code the purchaser registered but cannot change it.
          readOnly={!staff}
          variant={staff ? 'default' : 'filled'}
          description={staff ? undefined : <Trans>由采购方在发起认证时登记；如有误，请联系您的采购联系人</Trans>}
          {...field('creditCode')}
        />
        <TextInput label={<Trans>公司中文名称</Trans>} withAsterisk {...textChange('companyChineseName')} />
        <TextInput label={<Trans>公司英文名称</Trans>} withAsterisk {...textChange('companyEnglishName')} />
        {staff && <TextInput label={<Trans>供应商简称</Trans>} withAsterisk {...field('supplierShortName')} />}
        <TextInput label={<Trans>曾用名</Trans>} {...field('formerName')} />
        <TextInput label={<Trans>法定代表人</Trans>} {...field('legalName')} />
        <Select
          label={<Trans>公司类型</Trans>}
          withAsterisk
          data={COMPANY_TYPES.map((type) => ({ value: type, label: typeLabels[type] }))}
          {...field('companyType')}
          onChange={(type) => applyCompanyChange(form, (vals) => onCompanyTypeChange(vals, type))}
        />
        {v.companyType === 'OTHER' && <TextInput label={<Trans>公司类型说明</Trans>} withAsterisk {...field('companyTypeDesc')} />}
        <DictSelect dictType="supplier_type" label={<Trans>供应商类型</Trans>} withAsterisk {...field('supplierType')} />
        <TextInput label={<Trans>企业规模</Trans>} readOnly variant="filled" {...field('enterpriseScale')} />
        <DictSelect
          dictType="company_category"
          numeric
          label={<Trans>企业性质</Trans>}
          withAsterisk
          {...field('companyCategory')}
          onChange={(c) => applyCompanyChange(form, (vals) => onCompanyCategoryChange(vals, c))}
        />
        <DictSelect
          dictType={category ? `company_category_${category}` : ''}
          label={<Trans>企业性质细分</Trans>}
          withAsterisk
          disabled={!category}
          {...field('companySubcategory')}
        />
        {category === PARTNER_CATEGORIES[0] && <DictSelect dictType="hk_mo_tw" label={<Trans>合作方国家/地区</Trans>} withAsterisk {...field('partnerCountry')} />}
        {category === PARTNER_CATEGORIES[1] && (
          <CountrySelect label={<Trans>合作方国家/地区</Trans>} withAsterisk exclude={NOT_FOREIGN} {...field('partnerCountry')} />
        )}
        <TextInput label={<Trans>前几大股东及持股比例</Trans>} {...field('shareProportionTop')} />
        <YesNo label={<Trans>创始人是否参与经营管理</Trans>} withAsterisk {...field('founderManagement')} />
        <NumberField label={<Trans>国有资本占比（%）</Trans>} withAsterisk decimals={2} min={0} max={100} {...field('stateOwnedCapital')} />
        <TextInput label={<Trans>所属关联集团</Trans>} withAsterisk {...field('connectedGroup')} />
        <NumberField label={<Trans>注册资本（万）</Trans>} withAsterisk decimals={2} min={0} {...field('registeredCapital')} />
        <DictSelect dictType="currency_type" label={<Trans>注册资本币种</Trans>} {...field('registeredCurrency')} />
        <TextInput label={<Trans>成立日期</Trans>} withAsterisk type="date" max={new Date().toISOString().slice(0, 10)} {...field('foundedYear')} />
        <TextInput label={<Trans>意向合作产品</Trans>} withAsterisk {...field('intendedCooperationProduct')} />
        <TextInput label={<Trans>公司电话</Trans>} withAsterisk inputMode="tel" {...field('companyPhone')} />
        <TextInput label={<Trans>公司网址</Trans>} {...field('website')} />
        <TextInput label={<Trans>邮政编码</Trans>} withAsterisk {...field('postalCode')} />
      </SectionBlock>
      <SectionBlock title={<Trans>地址信息</Trans>} cols={2}>
        <CompanyAddresses form={form} lockCountry={Number(v.certifiedRegion) === CERTIFIED_REGION.mainland} />
      </SectionBlock>
      <SectionBlock title={<Trans>资质文件</Trans>} cols={2}>
        <UploadField label={<Trans>营业执照</Trans>} withAsterisk {...file('businessLicenseName', 'businessLicenseUrl')} />
        <UploadField label={<Trans>公司简介</Trans>} {...file('companyProfileName', 'companyProfileUrl')} />
      </SectionBlock>
      <InvoiceBlock form={form} />
    </>
  );
}

export const companyStep = defineStep({ key: 'company', Form: CompanyForm, initialValues: companyValues });
