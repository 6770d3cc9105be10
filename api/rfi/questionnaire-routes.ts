import type { Request, RequestHandler, Router } from 'express';
import type { RfiSaveResult, RfiSectionRead, RfiSubmitResult } from '#domain/rfi/questionnaire-contract.ts';
import { rfiSaveBody, rfiSaveQuery } from '#domain/rfi/questionnaire-contract.ts';
import { RFI_SECTION_PATHS } from '#domain/rfi/section-paths.ts';
import type { RfiStepKey } from '#domain/rfi/steps.ts';
import type { Actor } from '#domain/identity.ts';
import type { QuestionnaireMode } from '#services/rfi/questionnaire.ts';
import { flowCategories, readSection } from '#services/rfi/questionnaire-read.ts';
import { saveSection } from '#services/rfi/questionnaire-save.ts';
import { submitQuestionnaire } from '#services/rfi/submit.ts';
import type { AppDeps } from '../deps.ts';
import { ok, parse, route } from '../http/envelope.ts';

/**
 * The per-section calls of spec 1 §7 under one prefix: GET get-<section>, POST save-<section>,
 * GET get-flow-category-info and GET submit. The supplier (/v1/rfi), staff expand/detail
 * (/v1/cert-rfi) and audit reads (/v1/register) differ only in who may call, how the application
 * is named, and the mode they act in.
 */
export interface QuestionnaireRoutes {
  prefix: string;
  /** Guards of every call (authentication, route keys, own application). */
  guard: RequestHandler[];
  /** Guards of saves and submit on top of `guard`; without it the prefix is read-only. */
  writeGuard?: RequestHandler[];
  applyNo(req: Request): string;
  readMode(req: Request): QuestionnaireMode;
  writeMode?: Exclude<QuestionnaireMode, 'audit'>;
  /** The staff member writing (change log); undefined logs the supplier. */
  actor?(req: Request): Actor | undefined;
}

export function mountQuestionnaireRoutes(router: Router, deps: Pick<AppDeps, 'db' | 'flows'>, r: QuestionnaireRoutes): void {
  const { db } = deps;
  for (const [step, path] of Object.entries(RFI_SECTION_PATHS) as [RfiStepKey, string][]) {
    router.get(
      `${r.prefix}/get-${path}`,
      ...r.guard,
      route(async (req, res) => {
        ok<RfiSectionRead>(res, await readSection(db, { applyNo: r.applyNo(req), step, mode: r.readMode(req) }));
      }),
    );
    if (!r.writeGuard || !r.writeMode) continue;
    const mode = r.writeMode;
    router.post(
      `${r.prefix}/save-${path}`,
      ...r.guard,
      ...r.writeGuard,
      route(async (req, res) => {
        const { save } = parse(rfiSaveQuery, req.query, req);
        const body = parse(rfiSaveBody, req.body, req);
        const result = await saveSection(db, { applyNo: r.applyNo(req), step, mode, save, data: body.data, version: body.version, staff: r.actor?.(req) });
        ok<RfiSaveResult>(res, result);
      }),
    );
  }

  router.get(
    `${r.prefix}/get-flow-category-info`,
    ...r.guard,
    route(async (req, res) => {
      ok(res, await flowCategories(db, r.applyNo(req)));
    }),
  );

  if (r.writeGuard && r.writeMode) {
    const mode = r.writeMode;
    router.get(
      `${r.prefix}/submit`,
      ...r.guard,
      ...r.writeGuard,
      route(async (req, res) => {
        ok<RfiSubmitResult>(res, await submitQuestionnaire(deps, { applyNo: r.applyNo(req), mode, staff: r.actor?.(req) }));
      }),
    );
  }
}
