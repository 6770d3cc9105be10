import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RfiStepKey } from '#domain/rfi/steps.ts';

/** Req rfi §2: the labels of the 10 questionnaire steps, in the order of domain/rfi/steps.ts. */
export const STEP_LABELS: Record<RfiStepKey, MessageDescriptor> = {
  company: msg`基本信息-公司信息`,
  contacts: msg`基本信息-联系人信息`,
  finance: msg`商务-财务信息`,
  sales: msg`商务-销售及主要客户`,
  certificates: msg`质量-证书及文件`,
  factories: msg`质量-工厂及产品线`,
  qualityTargets: msg`质量-关键质量指标`,
  otherCapability: msg`质量-其他能力`,
  development: msg`研发-产品开发能力`,
  securityDelivery: msg`研发-信息安全能力及其他（交付与物流）`,
};
