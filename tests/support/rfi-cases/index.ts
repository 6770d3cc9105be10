import { financeRules, salesRules } from './business.ts';
import { companyRules } from './company.ts';
import { contactsRules } from './contacts.ts';
import { certificatesRules, factoriesRules } from './quality.ts';
import type { RuleTable } from './table.ts';
import { developmentRules, otherCapabilityRules, qualityTargetsRules, securityDeliveryRules } from './targets.ts';

/** The rule tables of req rfi §5, one per step. */
export const RULE_TABLES: RuleTable[] = [
  companyRules,
  contactsRules,
  financeRules,
  salesRules,
  certificatesRules,
  factoriesRules,
  qualityTargetsRules,
  otherCapabilityRules,
  developmentRules,
  securityDeliveryRules,
];
