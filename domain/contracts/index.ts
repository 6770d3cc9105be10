import { ANNOUNCEMENT } from './announcements.ts';
import { APPROVALS } from './approvals.ts';
import { ASSESSMENT } from './assessment.ts';
import { CERTIFICATE_KINDS, CERTIFICATES, PORTAL_CERTIFICATES } from './certificates.ts';
import type { Contract } from './contract.ts';
import { FEEDBACK } from './feedback.ts';
import { DEV_MAILBOX, FILES } from './files.ts';
import { FLOW_NODES } from './flow-nodes.ts';
import { FLOW_TASKS } from './flow-tasks.ts';
import { FLOWS } from './flows.ts';
import { IDENTITY } from './identity.ts';
import { PERF_INDEX, PERF_PLAN } from './performance.ts';
import { RFI_AUDIT, RFI_EXPAND, RFI_LIST, RFI_SUPPLIER } from './questionnaire.ts';
import { REFERENCE } from './reference.ts';
import { RELEASE } from './release.ts';
import { REQUALIFICATION } from './requalification.ts';
import { CALENDAR } from './calendar.ts';
import { DASHBOARD } from './dashboard.ts';
import { SCENARIO } from './scenario.ts';
import { SELF_INSPECTION } from './self-inspection.ts';
import { PORTAL_STANDARDS, PPAP, VDA_AUDIT } from './standards.ts';
import { SHELL, SUPPLIER_MASTER } from './shell.ts';
import { CHANGE_APPROVAL, CHANGE_PORTAL, CHANGE_SIDE, CHANGE_STAFF } from './supplier-change.ts';
import { PORTAL, RFI_LOGIN } from './supplier-login.ts';
import { EXIT } from './supplier-exit.ts';

/** What each contract file exports, by file name: the web build serves these files as their routes only (infra/web-contract-routes.ts). */
export const CONTRACT_FILES: Record<string, Record<string, object>> = {
  announcements: { ANNOUNCEMENT },
  approvals: { APPROVALS },
  assessment: { ASSESSMENT },
  certificates: { CERTIFICATES, CERTIFICATE_KINDS, PORTAL_CERTIFICATES },
  feedback: { FEEDBACK },
  files: { FILES, DEV_MAILBOX },
  'flow-nodes': { FLOW_NODES },
  'flow-tasks': { FLOW_TASKS },
  flows: { FLOWS },
  identity: { IDENTITY },
  performance: { PERF_INDEX, PERF_PLAN },
  questionnaire: { RFI_SUPPLIER, RFI_AUDIT, RFI_EXPAND, RFI_LIST },
  reference: { REFERENCE },
  release: { RELEASE },
  requalification: { REQUALIFICATION },
  calendar: { CALENDAR },
  dashboard: { DASHBOARD },
  scenario: { SCENARIO },
  'self-inspection': { SELF_INSPECTION },
  standards: { VDA_AUDIT, PPAP, PORTAL_STANDARDS },
  shell: { SHELL, SUPPLIER_MASTER },
  'supplier-change': { CHANGE_PORTAL, CHANGE_STAFF, CHANGE_SIDE, CHANGE_APPROVAL },
  'supplier-exit': { EXIT },
  'supplier-login': { RFI_LOGIN, PORTAL },
};

const isContract = (value: unknown): value is Contract => typeof value === 'object' && value !== null && 'method' in value && 'path' in value;

/**
 * Every area's contracts, for the checks that hold API and web to them (tests/unit/contracts.test.ts): the exports of
 * the contract files whose values are contracts (CHANGE_SIDE, the change areas by side, holds none of its own).
 */
export const CONTRACT_AREAS: Record<string, Record<string, Contract>> = Object.fromEntries(
  Object.values(CONTRACT_FILES)
    .flatMap((exports) => Object.entries(exports))
    .filter((entry): entry is [string, Record<string, Contract>] => Object.values(entry[1]).every(isContract)),
);
