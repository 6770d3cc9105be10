import { ApplicationFailure } from '@temporalio/common';
import type { ActivityInterceptorsFactory } from '@temporalio/worker';
import { ServiceError } from '#domain/errors.ts';

/**
 * A business rule's refusal is final: a retry would be refused again, so it fails the activity as
 * non-retryable, typed by its kind. Anything else (database, mail, network) keeps Temporal's retries.
 */
export const ruleRefusals: ActivityInterceptorsFactory = () => ({
  inbound: {
    async execute(input, next) {
      try {
        return await next(input);
      } catch (err) {
        if (err instanceof ServiceError) throw ApplicationFailure.nonRetryable(err.message, err.kind, err.errors);
        throw err;
      }
    },
  },
});
