import type { Locale } from '../i18n.ts';

/** Announcements (req shell §2.7, §3.5; docs/decisions/0038-announcements.md): rule and server messages, zh and en. */
export const ANNOUNCEMENT_MESSAGES = {
  enterAnnouncementTitle: { zh: '请输入公告标题', en: 'Please enter the title' },
  enterAnnouncementContent: { zh: '请输入公告内容', en: 'Please enter the content' },
  chooseAnnouncementAudience: { zh: '请选择发布对象', en: 'Please choose who reads it' },
  chooseAudienceRole: { zh: '请选择角色', en: 'Please choose the role' },
  chooseAudienceCategory: { zh: '请选择品类', en: 'Please choose the category' },
  unknownAudienceRole: { zh: '角色不存在', en: 'This role does not exist' },
  unknownAudienceCategory: { zh: '品类不存在', en: 'This category does not exist' },
  announcementNotFound: { zh: '公告不存在', en: 'This announcement does not exist' },
  announcementAlreadyPublished: { zh: '公告已发布，不能修改或删除', en: 'This announcement has been published and can no longer be changed or deleted' },
  announcementReadersOnly: { zh: '只有员工和供应商门户账号可以查看公告', en: 'Only staff and supplier portal accounts read announcements' },
  announcementPublished: { zh: '发布成功', en: 'Published' },
  announcementDeleted: { zh: '删除成功', en: 'Deleted' },
  announcementWithdrawn: { zh: '撤回成功', en: 'Withdrawn' },
  announcementNotPublished: { zh: '公告尚未发布，草稿可直接删除', en: 'This announcement is not published; a draft can be deleted' },
  announcementAlreadyWithdrawn: { zh: '公告已撤回', en: 'This announcement has already been withdrawn' },
  announcementWithdrawByPublisher: { zh: '只有公告的发布人或管理员可以撤回', en: 'Only the publisher or an administrator can withdraw this announcement' },
} as const satisfies Record<string, Record<Locale, string>>;
