import { z } from 'zod';
import {
  portalCertificatesView,
  renewalQuery,
  renewalRequest,
  renewalView,
  supplierListQuery,
  supplierListRow,
  supplierPageQuery,
  supplierPageView,
} from '../certificates/certificate.ts';
import { certificateKindSetting, certificateKindsView } from '../certificates/kind-setting.ts';
import { messageAnswer, pageAnswer } from './answers.ts';
import { contract } from './contract.ts';

/** The supplier master's certificates and their renewals (docs/decisions/0053-certificates-kept-valid.md). */
const tag = 'certificates';

export const CERTIFICATES = {
  supplierList: contract({
    method: 'get',
    path: '/api/v1/suppliers',
    summary: 'The admitted suppliers the caller is responsible for (administrators: all), with ended and ending certificates and running requalifications',
    tag,
    auth: 'staff',
    query: supplierListQuery,
    response: pageAnswer(supplierListRow),
  }),
  supplierPage: contract({
    method: 'get',
    path: '/api/v1/suppliers/detail',
    summary: "An admitted supplier's page: facts, categories, certificates with their validity, what holds it back (staff responsible for it, administrators)",
    tag,
    auth: 'staff',
    query: supplierPageQuery,
    response: supplierPageView,
  }),
  renewal: contract({
    method: 'get',
    path: '/api/v1/certificates/renewal',
    summary: 'A renewal as its approver compares it: the certificate on file and the one offered (its approver, staff responsible for the supplier)',
    tag,
    auth: 'staff',
    query: renewalQuery,
    response: renewalView,
  }),
};

/** What an ended certificate of each kind does (the configuration permission). */
export const CERTIFICATE_KINDS = {
  list: contract({
    method: 'get',
    path: '/api/v1/certificates/kinds',
    summary: 'Every certificate kind: whether it ends, what its end does, the grace before a requalification starts',
    tag,
    auth: 'staff',
    response: certificateKindsView,
  }),
  save: contract({
    method: 'post',
    path: '/api/v1/certificates/kinds/save',
    summary: "Set what a dated kind's end does: a warning or a block, and the grace days before a requalification",
    tag,
    auth: 'staff',
    body: certificateKindSetting,
    response: messageAnswer,
  }),
};

export const PORTAL_CERTIFICATES = {
  list: contract({
    method: 'get',
    path: '/api/v1/portal/certificates',
    summary: "The account's suppliers with their certificates, days left, and renewals",
    tag,
    auth: 'portal',
    response: portalCertificatesView,
  }),
  renew: contract({
    method: 'post',
    path: '/api/v1/portal/certificates/renewal',
    summary: 'Offer the renewed certificate of a current one: its facts, validity and an uploaded file; its purchasing manager approves it',
    tag,
    auth: 'portal',
    body: renewalRequest,
    response: messageAnswer.extend({ renewalNo: z.string() }),
  }),
};
