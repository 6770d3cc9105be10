import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AnnouncementAudience } from '#domain/announcement/announcement.ts';

/** The audience names the management screens show. */
export const AUDIENCE_LABELS: Record<AnnouncementAudience, MessageDescriptor> = {
  ALL_STAFF: msg`全体员工`,
  STAFF_ROLE: msg`指定角色的员工`,
  ALL_SUPPLIERS: msg`全体供应商`,
  SUPPLIER_CATEGORY: msg`指定品类的供应商`,
};
