import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';
import {
  CONFIG_MODE,
  scenarioCodeQuery,
  scenarioConfigInput,
  scenarioDictQuery,
  scenarioDiffQuery,
  scenarioEditRequest,
  scenarioGetQuery,
  scenarioListRequest,
} from '#domain/scenario/scenario-config.ts';
import { listScenarios } from '#services/common/scenarios.ts';
import { diffScenario, getScenarioConfig, listScenarioConfigs } from '#services/scenario/scenario-read.ts';
import { createScenario, deleteScenario, editScenario } from '#services/scenario/scenario-save.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { serverMessage } from '../http/server-messages.ts';

const tag = 'scenario configuration';
const base = '/v1/flow-scenario-config';
/** The configuration screen's readers; only cert_process_manage_all writes (docs/decisions.md). */
const READERS = [ROUTES.scenarioConfig, PERMISSIONS.certProcessManageAll];
const WRITERS = [PERMISSIONS.certProcessManageAll];

/** Flow scenario configuration (spec 3 §2.5, §7.4): list, view, save, edit/apply, delete, version diff. */
export const scenarioEndpoints = [
  defineEndpoint({
    method: 'post',
    path: `${base}/flow-scenario-config-list`,
    summary: 'Scenario configurations, paged',
    tag,
    auth: 'staff',
    permissions: READERS,
    body: scenarioListRequest,
    handle: ({ deps, body, locale }) => listScenarioConfigs(deps.db, body, locale),
  }),
  defineEndpoint({
    method: 'get',
    path: `${base}/get_config-info`,
    summary: 'One scenario: its latest version and the version list',
    tag,
    auth: 'staff',
    permissions: READERS,
    query: scenarioGetQuery,
    handle: ({ deps, query, staff, locale }) => getScenarioConfig(deps.db, query.code, staff, locale),
  }),
  defineEndpoint({
    method: 'get',
    path: `${base}/version-diff`,
    summary: 'Changes between two versions of a scenario',
    tag,
    auth: 'staff',
    permissions: READERS,
    query: scenarioDiffQuery,
    handle: ({ deps, query }) => diffScenario(deps.db, query),
  }),
  defineEndpoint({
    method: 'post',
    path: `${base}/save`,
    summary: 'Create a scenario (mode NEW): a draft, version 1',
    tag,
    auth: 'staff',
    permissions: WRITERS,
    body: scenarioConfigInput,
    status: 201,
    async handle({ deps, body, staff, locale }) {
      return { ...(await createScenario(deps.db, body, staff)), message: serverMessage('saved', locale) };
    },
  }),
  defineEndpoint({
    method: 'post',
    path: `${base}/edit`,
    summary: 'Save (mode EDIT) or save and apply (mode APPLY) a scenario; an applied one gets a new version',
    tag,
    auth: 'staff',
    permissions: WRITERS,
    body: scenarioEditRequest,
    async handle({ deps, body, staff, locale }) {
      const saved = await editScenario(deps.db, body, staff);
      return { ...saved, message: serverMessage(body.mode === CONFIG_MODE.APPLY ? 'scenarioApplied' : 'saved', locale) };
    },
  }),
  defineEndpoint({
    method: 'post',
    path: `${base}/del_config-info`,
    summary: 'Delete a scenario (retired instead once flows have used it; refused while one runs)',
    tag,
    auth: 'staff',
    permissions: WRITERS,
    query: scenarioCodeQuery,
    async handle({ deps, query, locale }) {
      const { retired } = await deleteScenario(deps.db, query.code);
      return { retired, message: serverMessage(retired ? 'scenarioRetiredDone' : 'scenarioDeleted', locale) };
    },
  }),
  // The apply drawer's scenario choice: applied scenarios of an apply type, for every staff caller.
  defineEndpoint({
    method: 'get',
    path: '/dict/v1/scenario_list',
    summary: 'Applied certification scenarios (dictType, scenarioType = apply type)',
    tag,
    auth: 'staff',
    query: scenarioDictQuery,
    handle: ({ deps, query, locale }) => listScenarios(deps.db, query.scenarioType, locale),
  }),
];
