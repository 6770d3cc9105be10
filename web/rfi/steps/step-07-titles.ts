import { useLingui } from '@lingui/react/macro';
import { TARGET_NUMBER_FIELDS, type TargetNumberField } from './step-07-rows.ts';

/** Column titles of the quality target tables, in the current language. */
export function useTargetTitles() {
  const { t } = useLingui();
  const number: Record<TargetNumberField, string> = {
    customerRequireMin: t`客户要求最低`,
    customerRequireMax: t`客户要求最高`,
    internalGoalsAverage: t`内部目标平均`,
    actualPerformanceMin: t`实际表现最低`,
    actualPerformanceMax: t`实际表现最高`,
  };
  return {
    productLine: t`目标产品线`,
    numbers: TARGET_NUMBER_FIELDS.map((name) => ({ name, title: number[name] })),
    byMis: t`MIS`,
    warrantyYear: t`三包（质保）年`,
    warrantyKilometer: t`三包（质保）万公里`,
  };
}
