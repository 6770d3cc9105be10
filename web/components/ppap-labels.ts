import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { PpapDetail } from '#domain/ppap/ppap.ts';

/** How the PPAP screens name statuses, for staff and the portal alike. */
export const ELEMENT_STATUS: Record<PpapDetail['elements'][number]['status'], { label: MessageDescriptor; color: string }> = {
  AWAITING: { label: msg`待提交`, color: 'gray' },
  SUBMITTED: { label: msg`待评审`, color: 'blue' },
  ACCEPTED: { label: msg`已接受`, color: 'green' },
  RETURNED: { label: msg`已退回`, color: 'orange' },
};
export const APPROVAL_STATUS: Record<PpapDetail['approvalStatus'], { label: MessageDescriptor; color: string }> = {
  PENDING: { label: msg`待处置`, color: 'gray' },
  APPROVED: { label: msg`已批准`, color: 'green' },
  INTERIM: { label: msg`临时批准`, color: 'yellow' },
  LAPSED: { label: msg`临时批准已到期`, color: 'red' },
  REJECTED: { label: msg`已拒收`, color: 'red' },
};
