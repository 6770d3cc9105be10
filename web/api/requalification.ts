import { queryOptions } from '@tanstack/react-query';
import type { RequalificationPolicy, RequalificationStartRequest } from '#domain/requalification/requalification.ts';
import { REQUALIFICATION } from '#domain/contracts/requalification.ts';
import { call } from './call.ts';

/** Requalification (domain/contracts/requalification.ts). */
export const requalificationKeys = {
  all: ['requalification'] as const,
  policies: () => [...requalificationKeys.all, 'policies'] as const,
};

/** Field errors come back on the ApiError; the form shows them. */
export const startRequalification = (body: RequalificationStartRequest) => call(REQUALIFICATION.start, { body }, { handleErrors: true });

export const policiesQuery = (locale: string) =>
  queryOptions({
    queryKey: [...requalificationKeys.policies(), locale],
    queryFn: ({ signal }) => call(REQUALIFICATION.policies, {}, { signal }),
  });

export const savePolicy = (body: RequalificationPolicy) => call(REQUALIFICATION.savePolicy, { body }, { handleErrors: true });
export const deletePolicy = (categoryCode: string) => call(REQUALIFICATION.deletePolicy, { body: { categoryCode } });
