import { ROUTES } from '#domain/permissions.ts';
import { RELEASE } from '#domain/contracts/release.ts';
import { ServiceError } from '#domain/errors.ts';
import { confirmRelease } from '#services/release/confirm-release.ts';
import { releaseFormDetail, saveReleaseForm, submitReleaseForm } from '#services/release/release-form.ts';
import { allHeadBanks, searchBanks, searchCompanies, searchPurchaseOrgs } from '#services/release/release-lookups.ts';
import { releaseWriteNode } from '#services/release/release-row.ts';
import { sapSupplierInfo, switchSupplierCode } from '#services/release/sap-supplier.ts';
import { applyForSupplierCode, releaseDetail, releaseTaskDetail, supplierCodeInfo } from '#services/release/supplier-code.ts';
import { implement } from '../http/endpoint.ts';
import { messageOf } from '../http/envelope.ts';
import { implementNodeWrite } from '../http/node-write.ts';
import { serverMessage } from '../http/server-messages.ts';

/** Writes go to the KCP2 node while it runs (the PRERELEASE view), to RELEASE once that node is open. */
const node = ({ flowNo }: { flowNo: string }, db: Parameters<typeof releaseWriteNode>[0]) => releaseWriteNode(db, flowNo);
const permissions = [ROUTES.certFlowDetail];

/**
 * The supplier-code application and the release form (req flow §3.14–§3.16, §4.5, §7.8, §7.9), paths as
 * the requirements list them; init is a POST (it changes state) and the code switch has a path of ours
 * (docs/decisions/0021-release-form-and-supplier-code.md).
 */
export const releaseEndpoints = [
  implement(RELEASE.codeInfo, { permissions, handle: ({ deps, query, staff }) => supplierCodeInfo(deps.db, query.flowNo, staff) }),
  implementNodeWrite(RELEASE.apply, { node, handle: ({ deps, node, staff, locale }) => applyForSupplierCode(deps.db, node, staff, locale) }),
  implement(RELEASE.detail, { permissions, handle: ({ deps, query, staff, locale }) => releaseDetail(deps.db, query.flowNo, staff, locale) }),
  implement(RELEASE.form, { permissions, handle: ({ deps, query, staff, locale }) => releaseFormDetail(deps.db, query.flowNo, staff, locale) }),
  implementNodeWrite(RELEASE.save, {
    node,
    async handle({ deps, node, body, staff, locale }) {
      return { ...messageOf('saved', locale), ...(await saveReleaseForm(deps.db, node, body, staff)) };
    },
  }),
  implementNodeWrite(RELEASE.submit, {
    pending: true,
    node,
    async handle({ deps, node, body, staff, locale }) {
      try {
        return { ...messageOf('submitted', locale), ...(await submitReleaseForm(deps, node, body, staff)) };
      } catch (err) {
        throw withTranslatedMessageList(err, locale);
      }
    },
  }),
  implement(RELEASE.taskDetail, { permissions, handle: ({ deps, query, staff, locale }) => releaseTaskDetail(deps.db, query.flowNo, staff, locale) }),
  implement(RELEASE.sapSupplier, { permissions, handle: ({ deps, query }) => sapSupplierInfo(deps, query.flowNo) }),
  implementNodeWrite(RELEASE.switchCode, {
    node,
    async handle({ deps, node, body, staff, locale }) {
      return { ...messageOf('operationSuccess', locale), ...(await switchSupplierCode(deps, node, body, staff)) };
    },
  }),
  implementNodeWrite(RELEASE.confirm, {
    node: 'RELEASE',
    completes: (locale) => messageOf('operationSuccess', locale),
    async handle({ deps, node, staff }) {
      await confirmRelease(deps, node, staff);
    },
  }),
  implement(RELEASE.headBanks, { handle: ({ deps, locale }) => allHeadBanks(deps.db, locale) }),
  implement(RELEASE.banks, { handle: ({ deps, query, locale }) => searchBanks(deps.db, query, locale) }),
  implement(RELEASE.companies, { handle: ({ deps, query, locale }) => searchCompanies(deps.db, query.keyword, locale) }),
  implement(RELEASE.purchaseOrgs, { handle: ({ deps, query, locale }) => searchPurchaseOrgs(deps.db, query, locale) }),
];

/** A refused submit lists its form-wide messages (req flow §4.5 messageList) in the caller's language. */
function withTranslatedMessageList(err: unknown, locale: Parameters<typeof serverMessage>[1]): unknown {
  if (!(err instanceof ServiceError) || err.message !== 'releaseFormInvalid') return err;
  const ids = (err.data as { messageList?: string[] } | undefined)?.messageList ?? [];
  return new ServiceError(err.kind, err.message, err.errors, { messageList: ids.map((id) => serverMessage(id, locale)) });
}
