import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import { certFlowWorkflowId } from '#workflows/definitions.ts';

type Method = keyof FlowGateway;

/**
 * Every method of the workflow port with what a fake answers when the workflow accepts. The
 * mapped type makes a method added to (or removed from) FlowGateway a compile error here, so the
 * fakes never lag behind the port.
 */
const ACCEPTED = {
  startFlow: ([{ flowNo }]) => ({ workflowId: certFlowWorkflowId(flowNo) }),
  signalRfiSubmitted: () => undefined,
  reviewRfi: () => undefined,
  reissueRfi: () => undefined,
  completeNode: () => undefined,
  // Answered from the calls recorded (below): an update id sent with an accepted call went through.
  updateOutcome: () => 'unknown' as const,
  revertNode: () => undefined,
  terminate: () => undefined,
  reassign: () => undefined,
  startApproval: () => undefined,
  decideApproval: () => undefined,
  signalTodosChanged: () => undefined,
  check: () => undefined,
} satisfies { [M in Method]: (args: Parameters<FlowGateway[M]>) => Awaited<ReturnType<FlowGateway[M]>> };

const FLOW_GATEWAY_METHODS = Object.keys(ACCEPTED) as Method[];

type Calls = { [M in Method]: Parameters<FlowGateway[M]>[] };

export interface RecordingFlows {
  flows: FlowGateway;
  /** The arguments of each accepted call, per method, in order. */
  calls: Calls;
  /** The accepted calls about one flow, per method. */
  callsOf(flowNo: string): Calls;
  /** While set, every call throws it and is not recorded, as the real gateway refuses (409) or is unreachable (503). */
  refuse: Error | undefined;
}

/**
 * A FlowGateway that records what the API asks of the workflow and accepts it (suites that drive
 * the real engine use the Temporal gateway of the workflow harness).
 */
export function recordingFlows(): RecordingFlows {
  const fake: RecordingFlows = {
    flows: {} as FlowGateway,
    calls: {} as Calls,
    refuse: undefined,
    callsOf: (flowNo) =>
      Object.fromEntries(FLOW_GATEWAY_METHODS.map((m) => [m, (fake.calls[m] as unknown[][]).filter((args) => flowOf(args) === flowNo)])) as Calls,
  };
  for (const method of FLOW_GATEWAY_METHODS) {
    const calls: unknown[][] = [];
    Object.assign(fake.calls, { [method]: calls });
    Object.assign(fake.flows, {
      [method]: async (...args: unknown[]) => {
        if (fake.refuse) throw fake.refuse;
        // A callback handed to the engine's gateway (asked while the engine is behind) is not what was asked.
        calls.push(args.filter((a) => typeof a !== 'function'));
        return (ACCEPTED[method] as (args: unknown[]) => unknown)(args);
      },
    });
  }
  const asked = fake.flows.updateOutcome;
  fake.flows.updateOutcome = async (...asking) => {
    await asked(...asking);
    const [flowNo, updateId, approval] = asking;
    // As the engine routes them: an approval's decisions are updates of the approval's workflow, the rest the flow's.
    const sentTo = (m: Method, args: unknown[]) =>
      m === 'decideApproval' ? (args[1] as { kind: string }).kind === approval : m !== 'updateOutcome' && approval === undefined;
    const sent = FLOW_GATEWAY_METHODS.some((m) => (fake.calls[m] as unknown[][]).some((args) => flowOf(args) === flowNo && args.at(-1) === updateId && sentTo(m, args)));
    return sent ? 'completed' : 'unknown';
  };
  return fake;
}

/** The flow a call is about: its first argument, or that argument's flowNo (startFlow). */
function flowOf(args: unknown[]): unknown {
  return typeof args[0] === 'object' && args[0] !== null ? (args[0] as { flowNo?: unknown }).flowNo : args[0];
}

/** For suites that do not exercise the workflow engine: every call fails loudly (and the health check reports it down). */
export function noWorkflowEngine(): FlowGateway {
  const none = recordingFlows();
  none.refuse = new Error('this suite runs without a workflow engine');
  return none.flows;
}
