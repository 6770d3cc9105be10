import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './connection.ts';
import * as foundation from './migrations/2026-11-22T0900-foundation.ts';
import * as rateLimit from './migrations/2026-11-22T1000-rate-limit.ts';
import * as staffSearchTrigram from './migrations/2026-11-22T1010-staff-search-trigram.ts';
import * as flowRoles from './migrations/2026-11-22T1100-flow-roles.ts';
import * as supplierPortal from './migrations/2026-11-22T1200-supplier-portal.ts';
import * as nodeForms from './migrations/2026-11-22T1220-node-forms.ts';
import * as selfInspection from './migrations/2026-11-22T1230-self-inspection.ts';
import * as systemCert from './migrations/2026-11-22T1240-system-cert.ts';
import * as supplierMaster from './migrations/2026-11-22T1250-supplier-master.ts';
import * as portalLogin from './migrations/2026-11-22T1258-portal-login.ts';
import * as flowListIndexes from './migrations/2026-11-22T1300-flow-list-indexes.ts';
import * as nodeFormValues from './migrations/2026-11-22T1310-node-form-values.ts';
import * as loginGuard from './migrations/2026-11-25T0900-login-guard.ts';
import * as uploadBounds from './migrations/2026-11-25T0910-upload-bounds.ts';
import * as evaluation from './migrations/2026-11-25T1000-evaluation.ts';
import * as approvalSteps from './migrations/2026-11-25T1040-approval-steps.ts';
import * as banks from './migrations/2026-11-25T1020-banks.ts';
import * as rfiReturnAndLinks from './migrations/2026-11-25T1200-rfi-return-and-links.ts';
import * as publicityPeriod from './migrations/2026-11-25T1300-publicity-period.ts';
import * as publicityObjections from './migrations/2026-11-25T1320-publicity-objections.ts';
import * as supplierAdmission from './migrations/2026-11-25T1340-supplier-admission.ts';
import * as scenarioVersions from './migrations/2026-11-25T1400-scenario-versions.ts';
import * as supplierExit from './migrations/2026-11-25T1410-supplier-exit.ts';
import * as nodeDueReminders from './migrations/2026-11-27T0900-node-due-reminders.ts';
import * as exitTasks from './migrations/2026-11-27T0910-exit-tasks.ts';
import * as supplierChange from './migrations/2026-11-27T1000-supplier-change.ts';
import * as announcementsFeedback from './migrations/2026-11-28T0200-announcements-feedback.ts';
import * as staffIdentity from './migrations/2026-11-28T0300-staff-identity.ts';
import * as shellListTools from './migrations/2026-11-28T0400-shell-list-tools.ts';
import * as performance from './migrations/2026-11-28T0100-performance.ts';
import * as assessmentApproval from './migrations/2026-11-28T0150-assessment-approval.ts';
import * as engineOutbox from './migrations/2026-11-28T0500-engine-outbox.ts';
import * as flowListOrder from './migrations/2026-11-28T0510-flow-list-order.ts';
import * as requestKeys from './migrations/2026-11-28T0600-request-keys.ts';
import * as supplierNameBigrams from './migrations/2026-11-28T0620-supplier-name-bigrams.ts';
import * as flowListStatistics from './migrations/2026-11-28T0621-flow-list-statistics.ts';
import * as flowListCategoryOrder from './migrations/2026-11-28T0700-flow-list-category-order.ts';
import * as flowListFilterNames from './migrations/2026-11-28T0701-flow-list-filter-names.ts';
import * as flowListNamePieces from './migrations/2026-11-28T0800-flow-list-name-pieces.ts';
import * as approvalSubject from './migrations/2026-12-07T0100-approval-subject.ts';
import * as staffSearchEmail from './migrations/2026-12-07T0200-staff-search-email.ts';
import * as supplierCertificates from './migrations/2026-12-07T0300-supplier-certificates.ts';
import * as supplierIdentityKeys from './migrations/2026-12-07T0400-supplier-identity-keys.ts';
import * as requalification from './migrations/2026-12-07T0500-requalification.ts';
import * as certificateKindPolicy from './migrations/2026-12-07T0600-certificate-kind-policy.ts';
import * as nodeTimeLimits from './migrations/2026-12-07T0700-node-time-limits.ts';
import * as dashboardTallies from './migrations/2026-12-07T0800-dashboard-tallies.ts';
import * as openFlowTally from './migrations/2026-12-07T0900-open-flow-tally.ts';
import * as overdueOrder from './migrations/2026-12-07T1000-overdue-order.ts';
import * as industryStandards from './migrations/2026-12-07T1100-industry-standards.ts';
import * as stuckRunResets from './migrations/2026-12-08T0100-stuck-run-resets.ts';

/**
 * Migrations listed explicitly (not read from the folder) so every runner — tsx, vitest, a bundle —
 * sees the same ordered set. Names sort by their date prefix; add new ones at the end.
 */
const migrations: Record<string, Migration> = {
  '2026-11-22T0900-foundation': foundation,
  '2026-11-22T1000-rate-limit': rateLimit,
  '2026-11-22T1010-staff-search-trigram': staffSearchTrigram,
  '2026-11-22T1100-flow-roles': flowRoles,
  '2026-11-22T1200-supplier-portal': supplierPortal,
  '2026-11-22T1220-node-forms': nodeForms,
  '2026-11-22T1230-self-inspection': selfInspection,
  '2026-11-22T1240-system-cert': systemCert,
  '2026-11-22T1250-supplier-master': supplierMaster,
  '2026-11-22T1258-portal-login': portalLogin,
  '2026-11-22T1300-flow-list-indexes': flowListIndexes,
  '2026-11-22T1310-node-form-values': nodeFormValues,
  '2026-11-25T0900-login-guard': loginGuard,
  '2026-11-25T0910-upload-bounds': uploadBounds,
  '2026-11-25T1000-evaluation': evaluation,
  '2026-11-25T1040-approval-steps': approvalSteps,
  '2026-11-25T1020-banks': banks,
  '2026-11-25T1200-rfi-return-and-links': rfiReturnAndLinks,
  '2026-11-25T1300-publicity-period': publicityPeriod,
  '2026-11-25T1320-publicity-objections': publicityObjections,
  '2026-11-25T1340-supplier-admission': supplierAdmission,
  '2026-11-25T1400-scenario-versions': scenarioVersions,
  '2026-11-25T1410-supplier-exit': supplierExit,
  '2026-11-27T0900-node-due-reminders': nodeDueReminders,
  '2026-11-27T0910-exit-tasks': exitTasks,
  '2026-11-27T1000-supplier-change': supplierChange,
  '2026-11-28T0100-performance': performance,
  '2026-11-28T0150-assessment-approval': assessmentApproval,
  '2026-11-28T0200-announcements-feedback': announcementsFeedback,
  '2026-11-28T0300-staff-identity': staffIdentity,
  '2026-11-28T0400-shell-list-tools': shellListTools,
  '2026-11-28T0500-engine-outbox': engineOutbox,
  '2026-11-28T0510-flow-list-order': flowListOrder,
  '2026-11-28T0600-request-keys': requestKeys,
  '2026-11-28T0620-supplier-name-bigrams': supplierNameBigrams,
  '2026-11-28T0621-flow-list-statistics': flowListStatistics,
  '2026-11-28T0700-flow-list-category-order': flowListCategoryOrder,
  '2026-11-28T0701-flow-list-filter-names': flowListFilterNames,
  '2026-11-28T0800-flow-list-name-pieces': flowListNamePieces,
  '2026-12-07T0100-approval-subject': approvalSubject,
  '2026-12-07T0200-staff-search-email': staffSearchEmail,
  '2026-12-07T0300-supplier-certificates': supplierCertificates,
  '2026-12-07T0400-supplier-identity-keys': supplierIdentityKeys,
  '2026-12-07T0500-requalification': requalification,
  '2026-12-07T0600-certificate-kind-policy': certificateKindPolicy,
  '2026-12-07T0700-node-time-limits': nodeTimeLimits,
  '2026-12-07T0800-dashboard-tallies': dashboardTallies,
  '2026-12-07T0900-open-flow-tally': openFlowTally,
  '2026-12-07T1000-overdue-order': overdueOrder,
  '2026-12-07T1100-industry-standards': industryStandards,
  '2026-12-08T0100-stuck-run-resets': stuckRunResets,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
