import type { RoundGateway } from '#services/assessment/round-gateway.ts';
import type { AssessmentRoundState } from '#workflows/assessment-round-definitions.ts';

type Method = keyof RoundGateway;

/** A RoundGateway that records what the API asks and accepts it (workflow suites use the Temporal one). */
export function recordingRounds(): { rounds: RoundGateway; calls: { method: Method; args: unknown[] }[] } {
  const calls: { method: Method; args: unknown[] }[] = [];
  const state = (planNo: string): AssessmentRoundState => ({ planNo, phase: 'reviewing', submitted: 0, total: 0, approverJobNumber: null, approvalRound: 0 });
  const record =
    (method: Method) =>
    async (...args: unknown[]) => {
      calls.push({ method, args });
      return state(String((args[0] as { planNo?: string } | string | undefined) ?? ''));
    };
  return {
    rounds: {
      start: async (...args) => {
        calls.push({ method: 'start', args });
      },
      submitReview: record('submitReview'),
      transferReview: record('transferReview'),
      submitSummary: async (...args) => {
        calls.push({ method: 'submitSummary', args });
      },
      decideSummary: async (...args) => {
        calls.push({ method: 'decideSummary', args });
      },
    },
    calls,
  };
}

/** For suites that never reach a round's workflow. */
export function noRoundEngine(): RoundGateway {
  const refuse = async (): Promise<never> => {
    throw new Error('this suite runs without a workflow engine');
  };
  return { start: refuse, submitReview: refuse, transferReview: refuse, submitSummary: refuse, decideSummary: refuse };
}
