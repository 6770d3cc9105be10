import { z } from 'zod';
import { optionalText, pageQuery, requiredText } from '../fields.ts';
import { parseWireDateTime } from '../date-time.ts';
import { withParams } from '../messages.ts';
import { PERMISSIONS } from '../permissions.ts';
import { ANNOUNCEMENT_DRAWER_WIDTH, ANNOUNCEMENT_PAGE_SIZE } from './announcement-layout.ts';

/**
 * Announcements of the shell and the supplier portal (req shell §2.7, §3.5, §7.6, §9): who reads them, the
 * editor's form, and the schemas of their calls, shared by the API and the web. What the requirements leave
 * open (targeting, scheduling, what "read" means) is decided in docs/decisions/0038-announcements.md.
 */

export { ANNOUNCEMENT_DRAWER_WIDTH, ANNOUNCEMENT_PAGE_SIZE };

/** Who reads an announcement: all staff, staff holding a role, all suppliers, suppliers of a category. */
export const ANNOUNCEMENT_AUDIENCES = ['ALL_STAFF', 'STAFF_ROLE', 'ALL_SUPPLIERS', 'SUPPLIER_CATEGORY'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];
/** The audiences that name a role or a category in `audienceCode`. */
export const AUDIENCE_CODE_MESSAGE: Partial<Record<AnnouncementAudience, 'chooseAudienceRole' | 'chooseAudienceCategory'>> = {
  STAFF_ROLE: 'chooseAudienceRole',
  SUPPLIER_CATEGORY: 'chooseAudienceCategory',
};

/**
 * A draft is the administrator's alone; a published one shows to its audience from its release time on; a
 * withdrawn one shows to nobody again, while its receipts stay the record of who read it.
 */
export const ANNOUNCEMENT_STATUSES = ['DRAFT', 'PUBLISHED', 'WITHDRAWN'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

/**
 * Why this caller may not withdraw this announcement, or null when they may: only a published one, and only its
 * publisher or an administrator (cert_process_manage_all). The withdrawal refuses with it and the manage list's
 * `canWithdraw` is its absence, so the button shows exactly where the write would succeed.
 */
export function withdrawRefusal(
  announcement: { status: AnnouncementStatus; publishedBy: string | null },
  staff: { jobNumber: string; permissions: readonly string[] },
): 'announcementNotPublished' | 'announcementAlreadyWithdrawn' | 'announcementWithdrawByPublisher' | null {
  if (announcement.status === 'DRAFT') return 'announcementNotPublished';
  if (announcement.status === 'WITHDRAWN') return 'announcementAlreadyWithdrawn';
  if (announcement.publishedBy !== staff.jobNumber && !staff.permissions.includes(PERMISSIONS.certProcessManageAll)) return 'announcementWithdrawByPublisher';
  return null;
}

/** The type of announcements administrators write (a publicity push writes SUPPLIER_PUBLICITY). */
export const SYSTEM_ANNOUNCEMENT_TYPE = 'SYSTEM';

export const ANNOUNCEMENT_TITLE_MAX = 100;
/** The HTML body, before sanitising (not in the requirements; a bound on what one request may store). */
export const ANNOUNCEMENT_CONTEXT_MAX = 20_000;

/** The editor's form: save keeps a draft, publish releases it (now, or at `releaseTime`). */
export const announcementForm = z
  .object({
    id: z.coerce.number().int().positive().nullish().transform((v) => v ?? undefined),
    title: requiredText(ANNOUNCEMENT_TITLE_MAX, 'enterAnnouncementTitle'),
    context: requiredText(ANNOUNCEMENT_CONTEXT_MAX, 'enterAnnouncementContent'),
    audience: z.enum(ANNOUNCEMENT_AUDIENCES, { error: 'chooseAnnouncementAudience' }),
    audienceCode: optionalText(40),
    /** Wire date-time (yyyy-MM-dd HH:mm:ss, UTC+8); empty means "when published". */
    releaseTime: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v : undefined))
      .refine((v) => v === undefined || parseWireDateTime(v) !== undefined, { error: 'invalidDateTime' }),
    isPopUp: z.boolean().default(false),
    fileUrl: optionalText(1000),
  })
  .superRefine((v, ctx) => {
    const codeMessage = AUDIENCE_CODE_MESSAGE[v.audience];
    if (codeMessage && !v.audienceCode) ctx.addIssue({ code: 'custom', path: ['audienceCode'], message: codeMessage });
  })
  .transform((v) => ({ ...v, audienceCode: AUDIENCE_CODE_MESSAGE[v.audience] ? v.audienceCode : undefined }));
export type AnnouncementForm = z.infer<typeof announcementForm>;
export type AnnouncementFormInput = z.input<typeof announcementForm>;

/** GET /api/v1/announcement/getPage (req shell §7.6): appId and openId are the caller's app and are not needed here. */
export const announcementPageQuery = pageQuery.extend({
  appId: optionalText(100),
  openId: optionalText(100),
});

/** POST /api/v1/announcement/read */
export const announcementReadRequest = z.object({
  ids: z
    .array(z.coerce.number().int().positive())
    .min(1, { error: 'required' })
    .max(ANNOUNCEMENT_PAGE_SIZE * 5, { error: withParams('maxLength', { max: ANNOUNCEMENT_PAGE_SIZE * 5 }) }),
});

export const announcementIdQuery = z.object({ id: z.coerce.number({ error: 'required' }).int().positive() });

/** The management list and the readers list. */
export const announcementManagePageRequest = pageQuery;
export const announcementReadersQuery = pageQuery.extend({
  id: z.coerce.number({ error: 'required' }).int().positive(),
  /** true: who read it; false: who has not read it yet. */
  read: z.enum(['true', 'false']).transform((v) => v === 'true'),
});

/** An announcement as a reader sees it (req shell §3.5). */
export const announcementView = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  context: z.string(),
  releaseTime: z.string(),
  isRead: z.boolean(),
  isPopUp: z.boolean(),
  fileUrl: z.string().nullable(),
  fileUrlName: z.string().nullable(),
});
export type AnnouncementView = z.infer<typeof announcementView>;

/** A row of the management list. */
export const announcementAdminRow = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  audienceCode: z.string().nullable(),
  /** The role's or category's name in the reader's language. */
  audienceCodeName: z.string().nullable(),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  /** A published one whose release time is still ahead. */
  scheduled: z.boolean(),
  releaseTime: z.string(),
  isPopUp: z.boolean(),
  readCount: z.number().int(),
  audienceCount: z.number().int(),
  /** The caller may withdraw it now (`withdrawRefusal` finds nothing). */
  canWithdraw: z.boolean(),
});
export type AnnouncementAdminRow = z.infer<typeof announcementAdminRow>;

/** The editor's view of one announcement. */
export const announcementDetail = announcementAdminRow.extend({
  /** Null for a draft without a later release time asked. */
  releaseTime: z.string().nullable(),
  context: z.string(),
  fileUrl: z.string().nullable(),
  fileUrlName: z.string().nullable(),
});
export type AnnouncementDetail = z.infer<typeof announcementDetail>;

/** One person of an announcement's audience, with when they read it. */
export const announcementReader = z.object({
  kind: z.enum(['staff', 'portal']),
  name: z.string(),
  /** Job number of staff, e-mail of a portal account. */
  account: z.string(),
  readAt: z.string().nullable(),
});
export type AnnouncementReader = z.infer<typeof announcementReader>;

/** Where a reader downloads an announcement's attachment: the audience check, not the uploader's, decides. */
export const announcementFileUrl = (id: number) => `/api/v1/announcement/file?id=${id}`;
