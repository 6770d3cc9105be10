import { z } from 'zod';
import { expandApplySchema, registerApplySchema } from '#domain/cert-flow/apply.ts';
import { flowListQuery } from '#domain/cert-flow/flow-list.ts';
import {
  areaCityQuery,
  areaProvinceQuery,
  areaSearchCityQuery,
  areaSearchCountryQuery,
  areaSearchProvinceQuery,
  categorySmallQuery,
  categorySubQuery,
  dictListQuery,
  scenarioListQuery,
  staffSearchQuery,
} from '#domain/reference-data.ts';
import { tempQuery, tokenRequest, verifyCodeRequest } from '#domain/rfi/login.ts';
import { loginBody } from '../auth/staff-router.ts';
import { downloadQuery, templateQuery } from '../common/file-router.ts';
import { mailboxQuery } from '../dev/mailbox-router.ts';
import { QUESTIONNAIRE_ENDPOINTS } from '../rfi/questionnaire-endpoints.ts';
import { SUPPLIER_PORTAL_LOGIN_ENDPOINTS } from '../supplier-portal/login-router.ts';
import { SUPPLIER_PORTAL_ME_ENDPOINTS } from '../supplier-portal/me-router.ts';
import { TASK_ENDPOINTS } from '../cert-flow/task-router.ts';
import { HISTORY_ENDPOINTS } from '../cert-flow/history-router.ts';
import { OWNER_ENDPOINTS } from '../cert-flow/owner-router.ts';
import { NODE_ENDPOINTS } from '../cert-flow/node-router.ts';
import { SUPPLIER_ENDPOINTS } from '../supplier-master/supplier-router.ts';
import { SYSTEM_CERT_ENDPOINTS } from '../system-cert/system-cert-router.ts';
import { APTITUDE_ENDPOINTS } from '../cert-flow/aptitude-router.ts';
import { KCP_ENDPOINTS } from '../cert-flow/kcp-router.ts';
import { SAMPLE_CERT_ENDPOINTS } from '../cert-flow/sample-cert-router.ts';
import { DETAIL_ENDPOINTS } from '../cert-flow/detail-router.ts';
import { SELF_INSPECTION_ENDPOINTS } from '../self-inspection/endpoints.ts';

export interface Endpoint {
  method: 'get' | 'post';
  path: string;
  summary: string;
  tag: string;
  auth: 'staff' | 'supplier' | 'any' | 'none';
  query?: z.ZodObject;
  body?: z.ZodType;
  multipart?: boolean;
  response?: z.ZodType;
}

const upload = z.object({ file: z.string().meta({ format: 'binary' }) });

/**
 * Every endpoint of the API with the schema its handler parses. A test compares this list with the
 * routes the Express app really has, so the document cannot silently fall behind.
 */
export const ENDPOINTS: Endpoint[] = [
  { method: 'get', path: '/v1/ping', summary: 'Liveness without I/O', tag: 'shell', auth: 'none' },
  { method: 'get', path: '/v1/health', summary: 'State of database, Temporal, files and mail', tag: 'shell', auth: 'none' },
  { method: 'get', path: '/v1/app-info', summary: 'Environment of this installation', tag: 'shell', auth: 'none' },
  { method: 'post', path: '/v1/auth/login', summary: 'Staff login (sets the session cookie)', tag: 'identity', auth: 'none', body: loginBody },
  { method: 'post', path: '/v1/auth/logout', summary: 'Ends the staff session', tag: 'identity', auth: 'staff' },
  { method: 'get', path: '/dsc-staff/v1/current-user', summary: 'The session user and its permissions', tag: 'identity', auth: 'staff' },
  { method: 'get', path: '/dsc-staff/v1/search', summary: 'Staff by name or job number', tag: 'identity', auth: 'staff', query: staffSearchQuery },

  { method: 'get', path: '/dict/v1/list', summary: 'Dictionary entries of a type', tag: 'reference', auth: 'any', query: dictListQuery },
  { method: 'get', path: '/common/v1/area-country', summary: 'Countries and regions', tag: 'reference', auth: 'any' },
  { method: 'get', path: '/common/v1/area-province', summary: 'Provinces of a country', tag: 'reference', auth: 'any', query: areaProvinceQuery },
  { method: 'get', path: '/common/v1/area-city', summary: 'Cities of a province', tag: 'reference', auth: 'any', query: areaCityQuery },
  { method: 'get', path: '/v1/area/search-country', summary: 'Search countries', tag: 'reference', auth: 'any', query: areaSearchCountryQuery },
  { method: 'get', path: '/v1/area/search-province', summary: 'Search provinces', tag: 'reference', auth: 'any', query: areaSearchProvinceQuery },
  { method: 'get', path: '/v1/area/search-city', summary: 'Search cities', tag: 'reference', auth: 'any', query: areaSearchCityQuery },
  { method: 'get', path: '/v1/cmt/category-large/all', summary: 'Large categories', tag: 'reference', auth: 'staff' },
  { method: 'get', path: '/v1/cmt/category-sub/search', summary: 'Children of a category', tag: 'reference', auth: 'staff', query: categorySubQuery },
  { method: 'get', path: '/v1/cmt/category-small/search', summary: 'Search small categories', tag: 'reference', auth: 'staff', query: categorySmallQuery },
  { method: 'get', path: '/v1/cmt/all', summary: 'CMTs with their leaders', tag: 'reference', auth: 'staff' },
  { method: 'get', path: '/v1/scenario/list', summary: 'Certification scenarios', tag: 'reference', auth: 'staff', query: scenarioListQuery },

  { method: 'post', path: '/common/v1/file', summary: 'Upload one file (30 MB)', tag: 'files', auth: 'any', body: upload, multipart: true },
  { method: 'post', path: '/file/upload/:type', summary: 'Upload one file (30 MB)', tag: 'files', auth: 'any', body: upload, multipart: true },
  { method: 'post', path: '/v1/rfi/upload', summary: 'Upload one file (supplier)', tag: 'files', auth: 'any', body: upload, multipart: true },
  { method: 'post', path: '/v1/cert-rfi/upload', summary: 'Upload one file (staff, expand mode)', tag: 'files', auth: 'any', body: upload, multipart: true },
  { method: 'get', path: '/common/v1/simple-download', summary: 'Download a stored file', tag: 'files', auth: 'any', query: downloadQuery },
  { method: 'get', path: '/common/v1/file-download', summary: 'Download a stored file', tag: 'files', auth: 'any', query: downloadQuery },
  { method: 'get', path: '/common/v1/template-download', summary: 'Download a reference template', tag: 'files', auth: 'any', query: templateQuery },
  { method: 'get', path: '/dev/v1/mailbox', summary: 'Outgoing mail (embedded installs only)', tag: 'dev', auth: 'none', query: mailboxQuery },
  { method: 'get', path: '/dev/v1/mailbox/:id', summary: 'One outgoing mail (embedded installs only)', tag: 'dev', auth: 'none' },

  { method: 'get', path: '/v1/rfi/get-email', summary: 'The invited e-mail of a link', tag: 'supplier login', auth: 'none', query: tempQuery },
  { method: 'post', path: '/v1/rfi/get-verify-code', summary: 'Mail a 6-digit login code', tag: 'supplier login', auth: 'none', body: verifyCodeRequest },
  { method: 'post', path: '/v1/rfi/get-token', summary: 'Log in with the code', tag: 'supplier login', auth: 'none', body: tokenRequest },
  { method: 'get', path: '/v1/rfi/captcha', summary: 'A captcha challenge', tag: 'supplier login', auth: 'none' },
  { method: 'get', path: '/v1/rfi/current/step', summary: 'The step to resume at', tag: 'questionnaire', auth: 'supplier', query: tempQuery },

  { method: 'post', path: '/v1/cert-flow-node/create', summary: 'New registration application', tag: 'certification flow', auth: 'staff', body: registerApplySchema },
  { method: 'post', path: '/v1/cert-flow-node/expand', summary: "Expand an accepted supplier's categories", tag: 'certification flow', auth: 'staff', body: expandApplySchema },
  { method: 'post', path: '/v1/cert-flow-node/flow-list', summary: 'Flow management list', tag: 'certification flow', auth: 'staff', body: flowListQuery },
  ...SUPPLIER_ENDPOINTS,
  ...QUESTIONNAIRE_ENDPOINTS,
  ...SUPPLIER_PORTAL_LOGIN_ENDPOINTS,
  ...SUPPLIER_PORTAL_ME_ENDPOINTS,
  ...APTITUDE_ENDPOINTS, ...KCP_ENDPOINTS, ...SAMPLE_CERT_ENDPOINTS,
  ...TASK_ENDPOINTS,
  ...HISTORY_ENDPOINTS,
  ...OWNER_ENDPOINTS,
  ...NODE_ENDPOINTS,
  ...SYSTEM_CERT_ENDPOINTS,
  ...DETAIL_ENDPOINTS,
  ...SELF_INSPECTION_ENDPOINTS,
];
