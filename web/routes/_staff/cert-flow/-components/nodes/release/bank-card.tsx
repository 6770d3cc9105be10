import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ActionIcon, Autocomplete, Box, Group, Input, Paper, Radio, Select, SimpleGrid, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import type { Locale } from '#domain/i18n.ts';
import { translate } from '#web/rule-messages.ts';
import { BANK_TYPE, canDeleteBankRow, isEuBank, setDefaultBankRow } from '#domain/release/release-form.ts';
import type { BankOption } from '#domain/release/release-lookups.ts';
import { bankSearchQuery, headBanksQuery } from '#web/api/release.ts';
import { AreaPicker, type AreaFieldKeys, UploadField, useAreaField, useFileField } from '#web/forms/index.ts';
import { useFormCaller, useFormReadOnly } from '#web/forms/caller.tsx';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import { applyDroppingCityCode } from './area-with-city-code.ts';
import type { ReleaseFormApi } from './release-form-types.ts';
import { accountNameDiffers, onBankTypeChange } from './release-values.ts';

const BANK_AREA_KEYS: AreaFieldKeys = {
  country: 'bankCountryCode',
  countryName: 'bankCountry',
  province: 'bankProvinceCode',
  provinceName: 'bankProvince',
  city: 'bankCity',
  address: 'bankAddress',
};

/**
 * One bank account (req flow §3.16, §5.12). The bank type switches the account fields: an EU account
 * has a BIC and an IBAN, any other a swift/branch code and an account number. The default account
 * and the last row cannot be deleted ('请至少保留一个默认账号'). An account name other than the
 * supplier's asks for the reason.
 */
export function BankCard({ form, index }: { form: ReleaseFormApi; index: number }) {
  const { t, i18n } = useLingui();
  const field = useFieldProps(form);
  const file = useFileField(form);
  const area = useAreaField(form);
  const readOnly = useFormReadOnly();
  const values = form.getValues();
  const row = values.bankList[index];
  const path = `bankList.${index}`;
  const eu = isEuBank(row);
  const isDefault = Number(row.defaultAccount) === 1;
  const showReason = accountNameDiffers(row, values.basicInfo.supplierName) || Boolean(row.reason);

  const remove = () => {
    if (!canDeleteBankRow(values.bankList, index)) {
      notifications.show({ color: 'yellow', message: translate('keepDefaultBankAccount', i18n.locale as Locale) });
      return;
    }
    form.removeListItem('bankList', index);
  };

  return (
    <Paper withBorder p="md" data-testid={`bank-row-${index}`} data-bank-type={row.bankType ?? ''} data-default={isDefault || undefined}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap="lg">
          <Text fw={600}>{t`银行账户 ${index + 1}`}</Text>
          <Radio
            label={t`默认账号`}
            name="release-default-account"
            checked={isDefault}
            readOnly={readOnly}
            onChange={() => {
              if (readOnly) return;
              form.setFieldValue('bankList', setDefaultBankRow(form.getValues().bankList, index));
              form.clearFieldError('bankList');
            }}
          />
          {form.errors[`${path}.defaultAccount`] && <Input.Error>{field(`${path}.defaultAccount`).error}</Input.Error>}
        </Group>
        {!readOnly && (
          <Tooltip label={t`删除`}>
            <ActionIcon variant="subtle" color="red" aria-label={t`删除银行账户 ${index + 1}`} onClick={remove}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
        <Radio.Group
          label={t`银行类型`}
          withAsterisk
          value={row.bankType ? String(row.bankType) : null}
          onChange={(type) => !readOnly && form.setFieldValue(path, onBankTypeChange(form.getValues().bankList[index], type))}
          error={field(`${path}.bankType`).error}
          readOnly={readOnly}
        >
          <Group gap="lg" mt={4} mih={36} wrap="nowrap">
            <Radio value={BANK_TYPE.NON_EU} label={t`非欧盟`} disabled={readOnly} />
            <Radio value={BANK_TYPE.EU} label={t`欧盟`} disabled={readOnly} />
          </Group>
        </Radio.Group>
        <HeadBankSelect form={form} index={index} />
        <BankNameInput form={form} index={index} />
        {eu ? (
          <>
            <TextInput label={t`BIC`} withAsterisk {...field(`${path}.bankBic`)} />
            <TextInput label={t`IBAN`} withAsterisk {...field(`${path}.bankIbanno`)} />
          </>
        ) : (
          <>
            <TextInput label={t`SWIFT/联行号`} withAsterisk {...field(`${path}.bankSwiftCode`)} />
            <TextInput label={t`银行账号`} withAsterisk inputMode="numeric" {...field(`${path}.bankCardNum`)} />
          </>
        )}
        <TextInput label={t`账户名称`} {...field(`${path}.accountName`)} />
        <UploadField label={t`银行开户证明`} withAsterisk {...file(`${path}.bankCertificate`, `${path}.bankCertificateUrl`)} />
      </SimpleGrid>
      {showReason && (
        <Textarea label={t`账户名称不一致理由`} withAsterisk autosize minRows={2} maxRows={5} mt="sm" {...field(`${path}.reason`)} />
      )}
      <Box mt="sm">
        <AreaPicker label={t`开户行所在地`} withAddress {...area(path, BANK_AREA_KEYS, applyDroppingCityCode(form, path, 'bankCityCode'))} />
      </Box>
    </Paper>
  );
}

/** The head bank (GET /common/v1/all-head-bank): its code and its name go into the row. */
function HeadBankSelect({ form, index }: { form: ReleaseFormApi; index: number }) {
  const { t, i18n } = useLingui();
  const field = useFieldProps(form);
  const { auth } = useFormCaller();
  const heads = useQuery(headBanksQuery(i18n.locale, auth));
  const path = `bankList.${index}`;
  const row = form.getValues().bankList[index];
  const data = (heads.data ?? []).map((h) => ({ value: h.bankHeadCode, label: h.bankHead }));
  // A stored head bank missing from the list still shows by its name.
  if (row.bankHeadCode && !data.some((d) => d.value === row.bankHeadCode)) data.push({ value: row.bankHeadCode, label: row.bankHead || row.bankHeadCode });
  const props = field(`${path}.bankHeadCode`);
  return (
    <Select
      label={t`银行总行`}
      withAsterisk
      searchable
      data={data}
      nothingFoundMessage={heads.isLoading ? '…' : t`无匹配数据`}
      {...props}
      onChange={(code) => {
        form.setFieldValue(`${path}.bankHeadCode`, code ?? '');
        form.setFieldValue(`${path}.bankHead`, heads.data?.find((h) => h.bankHeadCode === code)?.bankHead ?? '');
        form.clearFieldError(`${path}.bankHeadCode`);
      }}
    />
  );
}

/**
 * The bank's name, typed or chosen from the branches (of the head bank, once chosen; GET
 * /common/v1/search-bank); a chosen branch brings its head bank, its code (the swift/branch code of a
 * non-EU account, the BIC of an EU one) and its country and city.
 */
function BankNameInput({ form, index }: { form: ReleaseFormApi; index: number }) {
  const { t, i18n } = useLingui();
  const field = useFieldProps(form);
  const path = `bankList.${index}`;
  const row = form.getValues().bankList[index];
  const [keyword] = useDebouncedValue(String(row.bankName ?? '').trim(), 300);
  const [focused, setFocused] = useState(false);
  const { auth } = useFormCaller();
  const branches = useQuery({ ...bankSearchQuery(row.bankHeadCode ?? '', keyword, i18n.locale, auth), enabled: focused, placeholderData: (previous) => previous });
  const names = [...new Set((branches.data ?? []).map((b) => b.bankName))];

  const choose = (name: string) => {
    const branch = branches.data?.find((b) => b.bankName === name);
    if (branch) form.setFieldValue(path, withBranch(form.getValues().bankList[index], branch));
  };
  const props = field(`${path}.bankName`);
  return (
    <Autocomplete
      label={t`开户行名称`}
      withAsterisk
      data={names}
      limit={20}
      {...props}
      onFocus={(e) => {
        setFocused(true);
        props.onFocus?.(e);
      }}
      onOptionSubmit={choose}
    />
  );
}

type BankRow = ReleaseFormApi['values']['bankList'][number];

function withBranch(row: BankRow, branch: BankOption): BankRow {
  const code = branch.swiftCode ?? branch.bankCode;
  const sameCountry = row.bankCountryCode === branch.countryCode;
  return {
    ...row,
    bankName: branch.bankName,
    bankHeadCode: branch.bankHeadCode,
    bankHead: branch.bankHead,
    ...(isEuBank(row) ? { bankBic: code } : { bankSwiftCode: code }),
    bankCountryCode: branch.countryCode,
    bankCountry: sameCountry ? row.bankCountry : '',
    // The directory names the province without its code: one picked in the same country stays.
    bankProvinceCode: sameCountry ? row.bankProvinceCode : null,
    bankProvince: sameCountry ? row.bankProvince : '',
    bankCity: branch.city ?? row.bankCity,
    bankCityCode: '',
  };
}
