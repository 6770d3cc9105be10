import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STANDARD_PLANS } from '#domain/cert-flow/node-plan.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { portalSession, staffSession } from '../support/sessions.ts';
import { client, type Caller } from '../support/http-client.ts';
import { conflict } from '#domain/errors.ts';

/**
 * Req flow §4.2: an optional node (nodeRequired 20) is completed directly by its principal, without
 * its task work. The category-expansion plan has an optional self-inspection, owned by the quality
 * reviewer (E10020).
 */
describe('POST /v1/cert-flow-node/complete-optional', () => {
  let app: TestApp;
  const engine = recordingFlows();
  let quality: Caller;
  let pm: Caller;

  beforeAll(async () => {
    app = await startTestApp({ flows: engine.flows });
    [quality, pm] = await Promise.all(['E10020', 'E10002'].map((j) => staffSession(app.deps.db, j)));
  });
  afterAll(() => app.close());

  const complete = (body: unknown, caller: Caller | null = null) => client(app).as(caller).locale('en').post('/v1/cert-flow-node/complete-optional', body);
  const optionalFlow = () => insertFlowAtNode(app.deps.db, 'SELF_INSPECTION', { plan: STANDARD_PLANS.CATEGORY_EXPANSION });
  const completionsOf = (flowNo: string) => engine.callsOf(flowNo).completeNode;

  it('the principal completes the optional node: the workflow is asked once per node, as that person', async () => {
    const { flowNo } = await optionalFlow();
    const res = await complete({ flowNo, nodeCode: 'SELF_INSPECTION' }, quality);
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe('Done');
    expect(completionsOf(flowNo)).toEqual([
      [flowNo, { nodeCode: 'SELF_INSPECTION', actor: expect.objectContaining({ jobNumber: 'E10020' }), outcome: 'pass' }, `complete:${flowNo}:SELF_INSPECTION`],
    ]);
  });

  it('refuses a required node (409) and a node that is not in progress (409)', async () => {
    const required = await insertFlowAtNode(app.deps.db, 'SELF_INSPECTION');
    const res = await complete({ flowNo: required.flowNo, nodeCode: 'SELF_INSPECTION' }, quality);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This node is required; complete its task work first');

    const { flowNo } = await optionalFlow();
    const later = await complete({ flowNo, nodeCode: 'SAMPLE_CERT' }, quality);
    expect(later.status).toBe(409);
    expect(completionsOf(flowNo)).toEqual([]);
    expect(completionsOf(required.flowNo)).toEqual([]);
  });

  it('refuses everyone but the principal: other staff 403, a supplier session and an anonymous caller 401', async () => {
    const { flowNo } = await optionalFlow();
    expect((await complete({ flowNo, nodeCode: 'SELF_INSPECTION' }, pm)).status).toBe(403);
    const portal = await portalSession(app.deps.db, flowNo);
    expect((await complete({ flowNo, nodeCode: 'SELF_INSPECTION' }, portal)).status).toBe(401);
    expect((await complete({ flowNo, nodeCode: 'SELF_INSPECTION' })).status).toBe(401);
    expect(completionsOf(flowNo)).toEqual([]);
  });

  it('passes the workflow refusal on as a 409 with its reason', async () => {
    const { flowNo } = await optionalFlow();
    engine.refuse = conflict('flowEnded');
    try {
      const res = await complete({ flowNo, nodeCode: 'SELF_INSPECTION' }, quality);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('The flow has ended');
    } finally {
      engine.refuse = undefined;
    }
  });

  it('names bad input: unknown node code, missing flow number', async () => {
    const res = await complete({ nodeCode: 'NOPE' }, quality);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['flowNo', 'nodeCode']);
  });
});
