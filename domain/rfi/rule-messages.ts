import type { MessageId } from '../messages.ts';

/** The messages of req rfi §5 that the questionnaire's sections give (zh as written in the requirements). */
export const RFI_SPEC_MESSAGES = [
  'required',
  'enterCompanyChineseName',
  'uploadBusinessLicense',
  'chooseCompanyType',
  'chooseCountryRegion',
  'chooseProvince',
  'fillCity',
  'fillAddress',
  'postalCodeLength',
  'invalidEmail',
  'enterAreaCode',
  'enterPhone',
  'chooseHold',
  'uploadFile',
  'enterBaseName',
  'enterFactoryArea',
  'enterConstructionArea',
  'enterEmployeeCount',
  'enterTotalUtilizationRate',
  'enterShift',
  'enterMainProduct',
  'enterTargetProductLine',
  'enterCustomerRequireMin',
  'enterCustomerRequireMax',
  'enterInternalGoalsAverage',
  'enterActualPerformanceMin',
  'enterActualPerformanceMax',
  'enterWarrantyYear',
  'enterWarrantyKilometer',
] as const satisfies readonly MessageId[];

/** The other rule messages of the sections: limits and formats the requirements state without a text. */
export const RFI_RULE_MESSAGES = [
  'maxLength',
  'invalidValue',
  'invalidNumber',
  'integerOnly',
  'minValue',
  'maxValue',
  'maxDecimals',
  'minRows',
  'maxRows',
  'duplicateRow',
  'digitsOnly',
  'phoneTooLong',
  'companyPhoneFormat',
  'invalidDate',
  'dateInFuture',
  'certificateMissing',
  'minAboveMax',
  'iptvGroupOfThree',
  'duplicateExampleType',
  'enterValidFrom',
  'enterValidUntil',
] as const satisfies readonly MessageId[];

/** Labels of creditCode by certified region (see creditCodeLabel). */
export const RFI_LABEL_MESSAGES = ['creditCodeMainland', 'creditCodeOther'] as const satisfies readonly MessageId[];
