import { Trans } from '@lingui/react/macro';
import { CHINA } from '#domain/rfi/sections/address-limits.ts';
import { onHeadquartersChange } from '#domain/rfi/dependencies.ts';
import { AreaPicker } from '#web/forms/area-picker.tsx';
import { type AreaFieldKeys, useAreaField } from '#web/forms/bindings.ts';
import { YesNo } from '#web/forms/yes-no.tsx';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import type { StepForm } from '#web/rfi/step-types.ts';
import { applyCompanyChange, changeLicenceField } from './company-dependencies.ts';

const HEADQUARTERS_KEYS: AreaFieldKeys = {
  country: 'headquartersCountryCode',
  countryName: 'headquartersCountryName',
  province: 'headquartersProvinceCode',
  provinceName: 'headquartersProvinceName',
  city: 'headquartersCity',
};

/**
 * The registered address (country, province, city, detailed address; a change drops the business
 * licence) and the headquarters (country to city; a change resets haveOtherAddress, which is asked
 * when the headquarters are in China) — req rfi §4, §5.
 */
export function CompanyAddresses({ form, lockCountry }: { form: StepForm<'company'>; lockCountry: boolean }) {
  const area = useAreaField(form);
  const field = useFieldProps(form);
  const values = form.getValues();
  return (
    <>
      <AreaPicker
        label={<Trans>注册地址</Trans>}
        withAsterisk
        withAddress
        lockCountry={lockCountry}
        {...area('', undefined, (changes) => changeLicenceField(form, changes))}
      />
      <AreaPicker
        label={<Trans>总部地址</Trans>}
        withAsterisk
        {...area('', HEADQUARTERS_KEYS, (changes) => applyCompanyChange(form, (v) => onHeadquartersChange(v, changes)))}
      />
      {values.headquartersCountryCode === CHINA && (
        <YesNo label={<Trans>除总部外是否有其他经营地址</Trans>} withAsterisk yes={1} no={0} {...field('haveOtherAddress')} />
      )}
    </>
  );
}
