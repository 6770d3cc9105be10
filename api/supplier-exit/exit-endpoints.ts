import { EXIT } from '#domain/contracts/supplier-exit.ts';
import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';
import { decideExit, deleteDraft, terminateExit } from '#services/supplier-exit/decide.ts';
import { exitCertFlows, exitDetail, exitHistory, exitPage } from '#services/supplier-exit/read.ts';
import { saveExit, submitExit } from '#services/supplier-exit/save.ts';
import { implement } from '../http/endpoint.ts';
import { messageOf } from '../http/envelope.ts';

/** Who reads exits: the exit screens' route key (purchasing managers, CMT leaders, administrators). */
const READ = [ROUTES.supplierExit];
/** Who starts exits. */
const APPLY = [PERMISSIONS.supplierExitApply];

/** Supplier exit (domain/contracts/supplier-exit.ts). */
export const exitEndpoints = [
  implement(EXIT.page, {
    permissions: READ,
    handle: ({ deps, body, staff, locale }) => exitPage(deps.db, body, staff, locale),
  }),
  implement(EXIT.detail, {
    permissions: READ,
    handle: ({ deps, query, staff, locale }) => exitDetail(deps.db, query.flowNo, staff, locale),
  }),
  implement(EXIT.certFlows, {
    permissions: READ,
    handle: ({ deps, query }) => exitCertFlows(deps.db, query.supplierNo),
  }),
  implement(EXIT.history, {
    // Also shown beside the supplier's categories in the expand drawer.
    permissions: [...READ, PERMISSIONS.expandApplyRfi],
    handle: ({ deps, query, locale }) => exitHistory(deps.db, query.supplier, locale),
  }),
  implement(EXIT.save, {
    permissions: APPLY,
    async handle({ deps, body, staff, locale }) {
      const { flowNo } = await saveExit(deps, body, staff, locale);
      return { flowNo, ...messageOf('saved', locale) };
    },
  }),
  implement(EXIT.submit, {
    permissions: APPLY,
    async handle({ deps, body, staff, locale }) {
      const { flowNo } = await submitExit(deps, body, staff, locale);
      return { flowNo, ...messageOf('submitted', locale) };
    },
  }),
  implement(EXIT.terminate, {
    permissions: [...APPLY, PERMISSIONS.certProcessManageAll],
    async handle({ deps, body, staff, locale }) {
      await terminateExit(deps, body.flowNo, staff);
      return messageOf('exitTerminated', locale);
    },
  }),
  implement(EXIT.remove, {
    permissions: APPLY,
    async handle({ deps, body, staff, locale }) {
      await deleteDraft(deps.db, body.flowNo, staff);
      return messageOf('exitDraftDeleted', locale);
    },
  }),
  implement(EXIT.approve, {
    permissions: READ,
    async handle({ deps, body, staff, locale }) {
      await decideExit(deps, { flowNo: body.flowNo, decision: 'pass', reason: body.reason }, staff);
      return messageOf('operationSuccess', locale);
    },
  }),
  implement(EXIT.reject, {
    permissions: READ,
    async handle({ deps, body, staff, locale }) {
      await decideExit(deps, { flowNo: body.flowNo, decision: 'reject', reason: body.reason }, staff);
      return messageOf('operationSuccess', locale);
    },
  }),
];
