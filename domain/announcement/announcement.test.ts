import { describe, expect, it } from 'vitest';
import { translate } from '../messages.ts';
import { PERMISSIONS } from '../permissions.ts';
import { announcementForm, withdrawRefusal } from './announcement.ts';

/** The editor's rules, as the server and the form both apply them. */
describe('announcement form', () => {
  const errorsOf = (input: unknown) => {
    const r = announcementForm.safeParse(input);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), translate(i.message, 'zh')]));
  };
  const base = { title: '通知', context: '<p>x</p>', audience: 'ALL_STAFF' };

  it('needs a title, a body and an audience', () => {
    expect(errorsOf({})).toEqual({ title: '请输入公告标题', context: '请输入公告内容', audience: '请选择发布对象' });
  });

  it('a role audience names its role, a category audience its category; the others drop a code sent along', () => {
    expect(errorsOf({ ...base, audience: 'STAFF_ROLE' })).toEqual({ audienceCode: '请选择角色' });
    expect(errorsOf({ ...base, audience: 'SUPPLIER_CATEGORY' })).toEqual({ audienceCode: '请选择品类' });
    expect(announcementForm.parse({ ...base, audience: 'ALL_SUPPLIERS', audienceCode: '501001' }).audienceCode).toBeUndefined();
  });

  it('the release time is empty (on publishing) or a real wire date-time', () => {
    expect(announcementForm.parse({ ...base, releaseTime: '' }).releaseTime).toBeUndefined();
    expect(errorsOf({ ...base, releaseTime: '2026-12-01 08:00:00' })).toEqual({});
    expect(errorsOf({ ...base, releaseTime: '2026-02-30 08:00:00' })).toEqual({ releaseTime: '请输入正确的时间（yyyy-MM-dd HH:mm:ss）' });
  });
});

/** Who may withdraw which announcement: the rule behind both the withdrawal and the list's button. */
describe('withdrawRefusal', () => {
  const publisher = { jobNumber: 'E1', permissions: [] };
  const colleague = { jobNumber: 'E2', permissions: [] };
  const admin = { jobNumber: 'E9', permissions: [PERMISSIONS.certProcessManageAll] };
  const published = { status: 'PUBLISHED' as const, publishedBy: 'E1' };

  it('admits the publisher and an administrator to a published one, nobody else', () => {
    expect([withdrawRefusal(published, publisher), withdrawRefusal(published, admin), withdrawRefusal(published, colleague)]).toEqual([
      null,
      null,
      'announcementWithdrawByPublisher',
    ]);
  });

  it('refuses a draft and a withdrawn one to everyone, administrators included', () => {
    expect(withdrawRefusal({ status: 'DRAFT', publishedBy: null }, admin)).toBe('announcementNotPublished');
    expect(withdrawRefusal({ ...published, status: 'WITHDRAWN' }, publisher)).toBe('announcementAlreadyWithdrawn');
  });
});
