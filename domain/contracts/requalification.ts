import { z } from 'zod';
import {
  policyDeleteRequest,
  requalificationPoliciesView,
  requalificationPolicy,
  requalificationStartRequest,
} from '../requalification/requalification.ts';
import { messageAnswer } from './answers.ts';
import { contract } from './contract.ts';

/** Requalification of admitted suppliers (docs/decisions/0055-requalification.md). */
const tag = 'requalification';

export const REQUALIFICATION = {
  start: contract({
    method: 'post',
    path: '/api/v1/requalification/start',
    summary: "Start a requalification of some of a supplier's admitted categories (the requalification permission, staff responsible for the supplier or administrators)",
    tag,
    auth: 'staff',
    body: requalificationStartRequest,
    response: messageAnswer.extend({ flowNo: z.string() }),
  }),
  policies: contract({
    method: 'get',
    path: '/api/v1/requalification/policies',
    summary: "Every category's requalification policy: its interval in months and what a failure does (the configuration permission)",
    tag,
    auth: 'staff',
    response: requalificationPoliciesView,
  }),
  savePolicy: contract({
    method: 'post',
    path: '/api/v1/requalification/policies/save',
    summary: "Set a small category's requalification policy (the configuration permission)",
    tag,
    auth: 'staff',
    body: requalificationPolicy,
    response: messageAnswer,
  }),
  deletePolicy: contract({
    method: 'post',
    path: '/api/v1/requalification/policies/delete',
    summary: "Remove a category's policy: started by hand only, a failure exits (the configuration permission)",
    tag,
    auth: 'staff',
    body: policyDeleteRequest,
    response: messageAnswer,
  }),
};
