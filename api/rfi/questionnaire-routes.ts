import type { RequestHandler } from 'express';
import type { z } from 'zod';
import type { RfiSaveResult, RfiSectionRead, RfiSubmitResult } from '#domain/rfi/questionnaire-contract.ts';
import type { rfiSaveBody } from '#domain/rfi/questionnaire-contract.ts';
import type { QuestionnaireCalls } from '#domain/contracts/questionnaire.ts';
import { RFI_SECTION_PATHS } from '#domain/rfi/section-paths.ts';
import type { RfiStepKey } from '#domain/rfi/steps.ts';
import type { StaffActor, StaffPrincipal, SupplierPrincipal } from '#domain/identity.ts';
import type { QuestionnaireMode } from '#services/rfi/questionnaire.ts';
import { flowCategories, readSection } from '#services/rfi/questionnaire-read.ts';
import { saveSection } from '#services/rfi/questionnaire-save.ts';
import { submitQuestionnaire } from '#services/rfi/submit.ts';
import type { AppDeps } from '../deps.ts';
import { implement, type Endpoint } from '../http/endpoint.ts';

/**
 * The per-section calls of req rfi §7 under one prefix: GET get-<section>, POST save-<section>,
 * GET get-flow-category-info and POST submit (req rfi §7 has GET; a write is never a GET). The supplier (/v1/rfi), staff expand/detail
 * (/v1/cert-rfi) and audit reads (/v1/register) differ only in who may call, how the application
 * is named, and the mode they act in.
 */
interface QuestionnaireRoutes<Q extends z.ZodObject> {
  /** The prefix's calls (domain/contracts/questionnaire.ts). */
  calls: QuestionnaireCalls;
  auth: 'supplier' | 'staff';
  /** Staff keys of every call; saves and submit need `write` when given. */
  permissions?: { read: readonly string[]; write?: readonly string[] };
  /** Guards of every call after the caller's check (the supplier's own application). */
  guards?(deps: AppDeps): RequestHandler[];
  /** How a call names the application: the link's temp, or applyNo (the contracts' query). */
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

export function questionnaireCalls<Q extends z.ZodObject>(r: QuestionnaireRoutes<Q>): Endpoint[] {
  // Every call's query is parsed with the contract's query (r.query, with the save flag on saves): its output is Q's.
  const who = (input: { staff?: StaffPrincipal; supplier?: SupplierPrincipal; query: unknown }) => input as Who<Q>;
  const read = { guards: r.guards, ...(r.permissions ? { permissions: r.permissions.read } : {}) };
  const write = { guards: r.guards, ...(r.permissions ? { permissions: r.permissions.write ?? r.permissions.read } : {}) };
  const mode = r.writeMode;
  // A supplier's session lookup reads the application and the call's section too (one round trip fewer).
  const sessionSection = (step: RfiStepKey) => (r.auth === 'supplier' ? { sessionSection: step } : {});
  const sections = (Object.keys(RFI_SECTION_PATHS) as RfiStepKey[]).flatMap((step) => {
    const save = r.calls[`save:${step}`];
    return [
      implement(r.calls[`read:${step}`]!, {
        ...read,
        ...sessionSection(step),
        handle: (input): Promise<RfiSectionRead> =>
          readSection(input.deps.db, { applyNo: r.applyNo(who(input)), step, mode: r.readMode(who(input)), loaded: input.sessionSection }),
      }),
      ...(mode && save
        ? [
            implement(save, {
              ...write,
              ...sessionSection(step),
              handle: ({ deps, query, body, sessionSection: loaded, ...caller }): Promise<RfiSaveResult> => {
                const w = who({ ...caller, query });
                const { save: next } = query as { save: boolean };
                const { data, version } = body as z.output<typeof rfiSaveBody>;
                return saveSection(deps.db, { applyNo: r.applyNo(w), step, mode, save: next, data, version, staff: r.actor?.(w), loaded });
              },
            }),
          ]
        : []),
    ];
  });
  return [
    ...sections,
    implement(r.calls.categories!, { ...read, handle: (input) => flowCategories(input.deps.db, r.applyNo(who(input))) }),
    ...(mode && r.calls.submit
      ? [
          implement(r.calls.submit, {
            ...write,
            handle: (input): Promise<RfiSubmitResult> => submitQuestionnaire(input.deps, { applyNo: r.applyNo(who(input)), mode, staff: r.actor?.(who(input)) }),
          }),
        ]
      : []),
  ];
}
