import { REQUALIFICATION } from '#domain/contracts/requalification.ts';
import { actorOf } from '#domain/identity.ts';
import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';
import { deletePolicy, listPolicies, savePolicy } from '#services/requalification/policies.ts';
import { startRequalificationByHand } from '#services/requalification/by-hand.ts';
import { implement } from '../http/endpoint.ts';
import { messageOf } from '../http/envelope.ts';

/** Who keeps the policies: the scenario configuration's permission. */
const CONFIGURE = [ROUTES.scenarioConfig];

/** Requalification (domain/contracts/requalification.ts). */
export const requalificationEndpoints = [
  implement(REQUALIFICATION.start, {
    permissions: [PERMISSIONS.requalificationStart],
    async handle({ deps, body, staff, locale }) {
      const { flowNo } = await startRequalificationByHand(deps, body, staff, actorOf(staff), locale);
      return { flowNo, ...messageOf('requalificationStarted', locale) };
    },
  }),
  implement(REQUALIFICATION.policies, { permissions: CONFIGURE, handle: ({ deps, locale }) => listPolicies(deps.db, locale) }),
  implement(REQUALIFICATION.savePolicy, {
    permissions: CONFIGURE,
    async handle({ deps, body, staff, locale }) {
      await savePolicy(deps.db, body, staff);
      // The watch looks again now: a category due under its new interval starts today, not tomorrow.
      await deps.certificates.certificatesChanged();
      return messageOf('saved', locale);
    },
  }),
  implement(REQUALIFICATION.deletePolicy, {
    permissions: CONFIGURE,
    async handle({ deps, body, staff, locale }) {
      await deletePolicy(deps.db, body.categoryCode, staff);
      return messageOf('deleted', locale);
    },
  }),
];
