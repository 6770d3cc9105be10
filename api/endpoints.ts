import type { Endpoint } from './http/endpoint.ts';
import { shellEndpoints } from './shell/shell-endpoints.ts';
import { listPreferenceEndpoints } from './shell/list-preference-endpoints.ts';
import { staffEndpoints } from './auth/staff-endpoints.ts';
import { profileSecurityEndpoints } from './auth/profile-security-endpoints.ts';
import { oidcEndpoints } from './auth/oidc-endpoints.ts';
import { referenceEndpoints } from './common/reference-endpoints.ts';
import { fileEndpoints } from './common/file-endpoints.ts';
import { mailboxEndpoints } from './dev/mailbox-endpoints.ts';
import { rfiLoginEndpoints } from './rfi/login-endpoints.ts';
import { questionnaireEndpoints } from './rfi/questionnaire-endpoints.ts';
import { portalEndpoints } from './supplier-portal/portal-endpoints.ts';
import { supplierEndpoints } from './supplier-master/supplier-endpoints.ts';
import { applyEndpoints } from './cert-flow/apply-endpoints.ts';
import { detailEndpoints } from './cert-flow/detail-endpoints.ts';
import { historyEndpoints } from './cert-flow/history-endpoints.ts';
import { ownerEndpoints } from './cert-flow/owner-endpoints.ts';
import { taskEndpoints } from './cert-flow/task-endpoints.ts';
import { nodeEndpoints } from './cert-flow/node-endpoints.ts';
import { aptitudeEndpoints } from './cert-flow/aptitude-endpoints.ts';
import { kcpEndpoints } from './cert-flow/kcp-endpoints.ts';
import { kcp2Endpoints } from './cert-flow/kcp2-endpoints.ts';
import { highPotentialEndpoints } from './cert-flow/high-potential-endpoints.ts';
import { sampleCertEndpoints } from './cert-flow/sample-cert-endpoints.ts';
import { certEndpoints } from './cert-flow/cert-endpoints.ts';
import { publicityEndpoints } from './cert-flow/publicity-endpoints.ts';
import { systemCertEndpoints } from './system-cert/system-cert-endpoints.ts';
import { selfInspectionEndpoints } from './self-inspection/self-inspection-endpoints.ts';
import { vdaAuditEndpoints } from './standards/vda-audit-endpoints.ts';
import { ppapEndpoints } from './standards/ppap-endpoints.ts';
import { releaseEndpoints } from './release/release-endpoints.ts';
import { scenarioEndpoints } from './scenario/scenario-endpoints.ts';
import { exitEndpoints } from './supplier-exit/exit-endpoints.ts';
import { approvalEndpoints } from './approvals/approval-endpoints.ts';
import { certificateEndpoints } from './certificates/certificate-endpoints.ts';
import { requalificationEndpoints } from './requalification/requalification-endpoints.ts';
import { calendarEndpoints } from './calendar/calendar-endpoints.ts';
import { dashboardEndpoints } from './dashboard/dashboard-endpoints.ts';
import { supplierChangeEndpoints } from './supplier-change/change-endpoints.ts';
import { changeApprovalEndpoints } from './supplier-change/approval-endpoints.ts';
import { announcementEndpoints } from './announcement/announcement-endpoints.ts';
import { feedbackEndpoints } from './feedback/feedback-endpoints.ts';
import { reviewEndpoints } from './assessment/review-endpoints.ts';
import { performanceIndexEndpoints } from './performance/index-endpoints.ts';
import { performancePlanEndpoints } from './performance/plan-endpoints.ts';

/** Every endpoint of the API, one line per area: app.ts mounts them, the OpenAPI document describes them. */
export const apiEndpoints: readonly Endpoint[] = [
  ...shellEndpoints,
  ...listPreferenceEndpoints,
  ...staffEndpoints,
  ...profileSecurityEndpoints,
  ...oidcEndpoints,
  ...referenceEndpoints,
  ...fileEndpoints,
  ...mailboxEndpoints,
  ...rfiLoginEndpoints,
  ...questionnaireEndpoints,
  ...portalEndpoints,
  ...supplierEndpoints,
  ...applyEndpoints,
  ...detailEndpoints,
  ...historyEndpoints,
  ...ownerEndpoints,
  ...taskEndpoints,
  ...nodeEndpoints,
  ...aptitudeEndpoints,
  ...kcpEndpoints,
  ...kcp2Endpoints,
  ...highPotentialEndpoints,
  ...sampleCertEndpoints,
  ...certEndpoints,
  ...publicityEndpoints,
  ...systemCertEndpoints,
  ...selfInspectionEndpoints,
  ...vdaAuditEndpoints,
  ...ppapEndpoints,
  ...releaseEndpoints,
  ...scenarioEndpoints,
  ...exitEndpoints,
  ...approvalEndpoints,
  ...certificateEndpoints,
  ...requalificationEndpoints,
  ...calendarEndpoints,
  ...dashboardEndpoints,
  ...supplierChangeEndpoints,
  ...changeApprovalEndpoints,
  ...announcementEndpoints,
  ...feedbackEndpoints,
  ...reviewEndpoints,
  ...performanceIndexEndpoints,
  ...performancePlanEndpoints,
];
