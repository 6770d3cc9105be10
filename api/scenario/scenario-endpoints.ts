import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';
import { SCENARIO } from '#domain/contracts/scenario.ts';
import { CONFIG_MODE } from '#domain/scenario/scenario-config.ts';
import { listScenarios } from '#services/common/scenarios.ts';
import { diffScenario, getScenarioConfig, listScenarioConfigs } from '#services/scenario/scenario-read.ts';
import { createScenario, deleteScenario, editScenario } from '#services/scenario/scenario-save.ts';
import { implement } from '../http/endpoint.ts';
import { serverMessage } from '../http/server-messages.ts';

/** The configuration screen's readers; only cert_process_manage_all writes (docs/decisions/). */
const READERS = [ROUTES.scenarioConfig, PERMISSIONS.certProcessManageAll];
const WRITERS = [PERMISSIONS.certProcessManageAll];

/** Flow scenario configuration (domain/contracts/scenario.ts). */
export const scenarioEndpoints = [
  implement(SCENARIO.list, {
    permissions: READERS,
    handle: ({ deps, body, locale }) => listScenarioConfigs(deps.db, body, locale),
  }),
  implement(SCENARIO.detail, {
    permissions: READERS,
    handle: ({ deps, query, staff, locale }) => getScenarioConfig(deps.db, query.code, staff, locale),
  }),
  implement(SCENARIO.diff, {
    permissions: READERS,
    handle: ({ deps, query }) => diffScenario(deps.db, query),
  }),
  implement(SCENARIO.create, {
    permissions: WRITERS,
    status: 201,
    async handle({ deps, body, staff, locale }) {
      return { ...(await createScenario(deps.db, body, staff)), message: serverMessage('saved', locale) };
    },
  }),
  implement(SCENARIO.edit, {
    permissions: WRITERS,
    async handle({ deps, body, staff, locale }) {
      const saved = await editScenario(deps.db, body, staff);
      return { ...saved, message: serverMessage(body.mode === CONFIG_MODE.APPLY ? 'scenarioApplied' : 'saved', locale) };
    },
  }),
  implement(SCENARIO.remove, {
    permissions: WRITERS,
    async handle({ deps, query, locale }) {
      const { retired } = await deleteScenario(deps.db, query.code);
      return { retired, message: serverMessage(retired ? 'scenarioRetiredDone' : 'scenarioDeleted', locale) };
    },
  }),
  // The apply drawer's scenario choice: applied scenarios of an apply type, for every staff caller.
  implement(SCENARIO.applied, {
    handle: ({ deps, query, locale }) => listScenarios(deps.db, query.scenarioType, locale),
  }),
];
