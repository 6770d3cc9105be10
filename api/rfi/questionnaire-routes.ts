import type { RequestHandler } from 'express';
import type { z } from 'zod';
import type { RfiSaveResult, RfiSectionRead, RfiSubmitResult } from '#domain/rfi/questionnaire-contract.ts';
import { rfiSaveBody, rfiSaveQuery } from '#domain/rfi/questionnaire-contract.ts';
import { RFI_SECTION_PATHS } from '#domain/rfi/section-paths.ts';
import type { RfiStepKey } from '#domain/rfi/steps.ts';
import type { StaffActor, StaffPrincipal, SupplierPrincipal } from '#domain/identity.ts';
import type { QuestionnaireMode } from '#services/rfi/questionnaire.ts';
import { flowCategories, readSection } from '#services/rfi/questionnaire-read.ts';
import { saveSection } from '#services/rfi/questionnaire-save.ts';
import { submitQuestionnaire } from '#services/rfi/submit.ts';
import type { AppDeps } from '../deps.ts';
import { defineEndpoint, type Endpoint } from '../http/endpoint.ts';

/**
 * The per-section calls of spec 1 §7 under one prefix: GET get-<section>, POST save-<section>,
 * GET get-flow-category-info and POST submit (spec 1 §7 has GET; a write is never a GET). The supplier (/v1/rfi), staff expand/detail
 * (/v1/cert-rfi) and audit reads (/v1/register) differ only in who may call, how the application
 * is named, and the mode they act in.
 */
interface QuestionnaireRoutes<Q extends z.ZodObject> {
  prefix: string;
  tag: string;
  auth: 'supplier' | 'staff';
  /** Staff keys of every call; saves and submit need `write` when given. */
  permissions?: { read: readonly string[]; write?: readonly string[] };
  /** Guards of every call after the caller's check (the supplier's own application). */
  guards?(deps: AppDeps): RequestHandler[];
  /** How a call names the application: the link's temp, or applyNo. */
  query: Q;
  applyNo(who: Who<Q>): string;
  readMode(who: Who<Q>): QuestionnaireMode;
  /** Without it the prefix is read-only. */
  writeMode?: Exclude<QuestionnaireMode, 'audit'>;
  /** The staff member writing (task principal check, change log); undefined logs the supplier. */
  actor?(who: Who<Q>): StaffActor | undefined;
}

/** The caller of a questionnaire call and its parsed query. */
interface Who<Q extends z.ZodObject> {
  staff?: StaffPrincipal;
  supplier?: SupplierPrincipal;
  query: z.output<Q>;
}

const saveFlag = rfiSaveQuery.shape.save.describe('true: Next (full rules, advances the step); false: draft');

export function questionnaireCalls<Q extends z.ZodObject>(r: QuestionnaireRoutes<Q>): Endpoint[] {
  // Every call's query is parsed with r.query (extended by the save flag): its output is Q's.
  const who = (input: { staff?: StaffPrincipal; supplier?: SupplierPrincipal; query: unknown }) => input as Who<Q>;
  const read = { tag: r.tag, auth: r.auth, guards: r.guards, permissions: r.permissions?.read, query: r.query as z.ZodObject };
  const write = { ...read, permissions: r.permissions?.write ?? r.permissions?.read };
  const saveQuery = r.query.extend({ save: saveFlag }) as unknown as z.ZodObject<{ save: typeof saveFlag }>;
  const mode = r.writeMode;

  // A supplier's session lookup reads the application and the call's section too (one round trip fewer).
  const sessionSection = (step: RfiStepKey) => (r.auth === 'supplier' ? { sessionSection: step } : {});
  const sections = (Object.entries(RFI_SECTION_PATHS) as [RfiStepKey, string][]).flatMap(([step, path]) => [
    defineEndpoint({
      ...read,
      ...sessionSection(step),
      method: 'get',
      path: `${r.prefix}/get-${path}`,
      summary: `Read ${path} (data, version, status, readOnly)`,
      handle: (input): Promise<RfiSectionRead> =>
        readSection(input.deps.db, { applyNo: r.applyNo(who(input)), step, mode: r.readMode(who(input)), loaded: input.sessionSection }),
    }),
    ...(mode
      ? [
          defineEndpoint({
            ...write,
            ...sessionSection(step),
            method: 'post',
            path: `${r.prefix}/save-${path}`,
            summary: `Save ${path} as a draft or on Next`,
            query: saveQuery,
            body: rfiSaveBody,
            handle: ({ deps, query, body, sessionSection: loaded, ...caller }): Promise<RfiSaveResult> => {
              const w = who({ ...caller, query });
              return saveSection(deps.db, { applyNo: r.applyNo(w), step, mode, save: query.save, data: body.data, version: body.version, staff: r.actor?.(w), loaded });
            },
          }),
        ]
      : []),
  ]);

  return [
    ...sections,
    defineEndpoint({
      ...read,
      method: 'get',
      path: `${r.prefix}/get-flow-category-info`,
      summary: 'The categories the application is for',
      handle: (input) => flowCategories(input.deps.db, r.applyNo(who(input))),
    }),
    ...(mode
      ? [
          defineEndpoint({
            ...write,
            method: 'post',
            path: `${r.prefix}/submit`,
            summary: 'Submit: 400 names the first failing step in data',
            handle: (input): Promise<RfiSubmitResult> => submitQuestionnaire(input.deps, { applyNo: r.applyNo(who(input)), mode, staff: r.actor?.(who(input)) }),
          }),
        ]
      : []),
  ];
}
