import { notifications } from '@mantine/notifications';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { LICENCE_FIELDS, onNameOrAddressChange } from '#domain/rfi/dependencies.ts';
import type { StepForm } from '#web/rfi/step-types.ts';
import type { CompanyValues } from './company-values.ts';

const LICENCE_CLEARED = msg`公司名称或注册地址已变更，请重新上传营业执照`;

/**
 * Applies a change of step 1 through a req rfi §4 dependency rule (a function of the whole values) and tells
 * the user when the rule dropped the uploaded business licence.
 */
export function applyCompanyChange(form: StepForm<'company'>, rule: (values: CompanyValues) => CompanyValues): void {
  const before = form.getValues();
  const after = rule(before);
  form.setValues(after);
  if (before.businessLicenseUrl && !after.businessLicenseUrl) {
    notifications.show({ color: 'yellow', message: i18n._(LICENCE_CLEARED) });
  }
}

/** A change of a name or of the registered address: the business licence must be uploaded again. */
export function changeLicenceField(form: StepForm<'company'>, changes: Partial<CompanyValues>): void {
  const touchesLicence = Object.keys(changes).some((k) => (LICENCE_FIELDS as readonly string[]).includes(k));
  const values = form.getValues();
  const changed = Object.entries(changes).some(([k, v]) => (values[k as keyof CompanyValues] ?? '') !== (v ?? ''));
  if (touchesLicence && changed) applyCompanyChange(form, (v) => onNameOrAddressChange(v, changes));
  else form.setValues({ ...values, ...changes });
}
