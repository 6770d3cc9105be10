import { ROUTES } from '#domain/permissions.ts';
import { PPAP, PORTAL_STANDARDS } from '#domain/contracts/standards.ts';
import { decidePpap, ppapDetail, ppapReviewerOnly, reviewPpapElement, savePpapLevel } from '#services/ppap/review.ts';
import { portalPpapDetail, submitPpapElement, submitPpapWarrant } from '#services/ppap/portal.ts';
import { implement } from '../http/endpoint.ts';
import { messageOf } from '../http/envelope.ts';
import { implementNodeWrite } from '../http/node-write.ts';

const node = 'SAMPLE_CERT';

/**
 * PPAP in sample certification (req flow §11): the technical reviewer's read, level, review and disposition; the
 * supplier's elements and warrant on the portal.
 */
export const ppapEndpoints = [
  implement(PPAP.detail, { permissions: [ROUTES.certFlowDetail], handle: ({ deps, query, staff, locale }) => ppapDetail(deps.db, query.flowNo, staff, locale) }),
  implementNodeWrite(PPAP.level, {
    node,
    caller: ppapReviewerOnly,
    async handle({ deps, node, body, staff, locale }) {
      await savePpapLevel(deps.db, node, body.level, staff);
      return messageOf('ppapLevelSaved', locale);
    },
  }),
  implementNodeWrite(PPAP.review, {
    node,
    caller: ppapReviewerOnly,
    async handle({ deps, node, body, staff, locale }) {
      await reviewPpapElement({ db: deps.db, mailer: deps.mailer, publicUrl: deps.config.publicUrl }, node, body, staff);
      return messageOf('ppapReviewedMessage', locale);
    },
  }),
  implementNodeWrite(PPAP.disposition, {
    node,
    caller: ppapReviewerOnly,
    completes: (locale) => messageOf('ppapDecidedMessage', locale),
    async handle({ deps, node, body, staff }) {
      await decidePpap(deps, node, body, staff);
    },
  }),
  implement(PORTAL_STANDARDS.ppap, { handle: ({ deps, portal, query, locale }) => portalPpapDetail(deps.db, portal, query.flowNo, locale) }),
  implement(PORTAL_STANDARDS.ppapElement, {
    async handle({ deps, portal, body, locale }) {
      await submitPpapElement(deps.db, portal, body);
      return messageOf('ppapElementSubmittedMessage', locale);
    },
  }),
  implement(PORTAL_STANDARDS.ppapWarrant, {
    async handle({ deps, portal, body, locale }) {
      await submitPpapWarrant(deps.db, portal, body);
      return messageOf('ppapWarrantSubmittedMessage', locale);
    },
  }),
];
