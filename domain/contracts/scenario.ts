import { z } from 'zod';
import { scenarioOption } from '../reference-data.ts';
import {
  scenarioChange,
  scenarioCodeQuery,
  scenarioConfigDetail,
  scenarioConfigInput,
  scenarioDictQuery,
  scenarioDiffQuery,
  scenarioEditRequest,
  scenarioGetQuery,
  scenarioListRequest,
  scenarioRow,
} from '../scenario/scenario-config.ts';
import { messageAnswer, pageAnswer } from './answers.ts';
import { contract } from './contract.ts';

/** Flow scenario configuration (req scenario §2.5, §7.4): list, view, save, edit/apply, delete, version diff; the apply drawer's choice. */
const tag = 'scenario configuration';
const base = '/v1/flow-scenario-config';
const saved = messageAnswer.extend({ code: z.string(), version: z.number() });

export const SCENARIO = {
  list: contract({
    method: 'post',
    path: `${base}/flow-scenario-config-list`,
    summary: 'Scenario configurations, paged',
    tag,
    auth: 'staff',
    body: scenarioListRequest,
    response: pageAnswer(scenarioRow),
  }),
  detail: contract({
    method: 'get',
    path: `${base}/get_config-info`,
    summary: 'One scenario: its latest version and the version list',
    tag,
    auth: 'staff',
    query: scenarioGetQuery,
    response: scenarioConfigDetail,
  }),
  diff: contract({
    method: 'get',
    path: `${base}/version-diff`,
    summary: 'Changes between two versions of a scenario',
    tag,
    auth: 'staff',
    query: scenarioDiffQuery,
    response: z.array(scenarioChange),
  }),
  create: contract({ method: 'post', path: `${base}/save`, summary: 'Create a scenario (mode NEW): a draft, version 1', tag, auth: 'staff', body: scenarioConfigInput, response: saved }),
  edit: contract({
    method: 'post',
    path: `${base}/edit`,
    summary: 'Save (mode EDIT) or save and apply (mode APPLY) a scenario; an applied one gets a new version',
    tag,
    auth: 'staff',
    body: scenarioEditRequest,
    response: saved,
  }),
  remove: contract({
    method: 'post',
    path: `${base}/del_config-info`,
    summary: 'Delete a scenario (retired instead once flows have used it; refused while one runs)',
    tag,
    auth: 'staff',
    query: scenarioCodeQuery,
    response: messageAnswer.extend({ retired: z.boolean() }),
  }),
  applied: contract({
    method: 'get',
    path: '/dict/v1/scenario_list',
    summary: 'Applied certification scenarios (dictType, scenarioType = apply type)',
    tag,
    auth: 'staff',
    query: scenarioDictQuery,
    response: z.array(scenarioOption),
  }),
};
