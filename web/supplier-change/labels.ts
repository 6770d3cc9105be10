import { t } from '@lingui/core/macro';
import type { ChangeStatus, ModifyType } from '#domain/supplier-change/status.ts';

/** Words of the change's codes, in the current language (read at render time). */
export function modifyTypeLabel(type: ModifyType): string {
  return {
    all: t`全部信息`,
    contact: t`联系人信息`,
    invoice: t`开票信息`,
    factory: t`工厂信息`,
  }[type];
}

export function changeStatusLabel(status: ChangeStatus): string {
  return {
    saved: t`暂存`,
    approving: t`审批中`,
    conflict: t`待确认冲突`,
    applying: t`生效中`,
    finished: t`已生效`,
    rejected: t`已驳回`,
    cancelled: t`已取消`,
  }[status];
}

export const CHANGE_STATUS_COLOR: Record<ChangeStatus, string> = {
  saved: 'gray',
  approving: 'blue',
  conflict: 'orange',
  applying: 'cyan',
  finished: 'green',
  rejected: 'red',
  cancelled: 'dark',
};
