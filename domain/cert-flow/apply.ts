import { z } from 'zod';
import { APPLY_TYPE } from './enums.ts';
import { checkPhone, DEFAULT_AREA_CODE, emailField, requiredText } from '../fields.ts';
import { withParams } from '../messages.ts';
import { CERTIFIED_REGIONS, creditCodeMax } from '../rfi/sections/company-limits.ts';
import { creditCodeProblem, normalizeCreditCode } from '../credit-code.ts';
import { DUPLICATE_REASON_MAX } from './duplicates.ts';

/** The apply drawer (req flow §2.2, rules of req flow §5.1). One schema for the form and the server. */
const categoryRef = z.object({ code: z.string().min(1), name: z.string() });

const applyBase = z.object({
  supplierName: requiredText(50, 'enterSupplierName'),
  categoryList: z.array(categoryRef, { error: 'chooseCategories' }).min(1, { error: 'chooseCategories' }).max(50),
  cmtCode: z.string({ error: 'chooseCmt' }).trim().min(1, { error: 'chooseCmt' }),
  certScenario: z.string({ error: 'chooseScenario' }).trim().min(1, { error: 'chooseScenario' }),
  applyReason: requiredText(100, 'enterApplyReason'),
  recommendJob: z.string({ error: 'chooseRecommender' }).trim().min(1, { error: 'chooseRecommender' }),
  recommendName: z.string({ error: 'chooseRecommender' }).trim().min(1, { error: 'chooseRecommender' }),
  contactName: requiredText(50, 'enterContactName'),
  contactAreaCode: z.string({ error: 'enterAreaCode' }).trim().min(1, { error: 'enterAreaCode' }).default(DEFAULT_AREA_CODE),
  contactNumber: z.string({ error: 'enterPhone' }).trim().min(1, { error: 'enterPhone' }),
});

/**
 * A new supplier is registered with its certification region and registration number (req rfi §3: the code
 * the questionnaire then shows read-only, the release form and the ERP take): on the mainland a unified
 * social credit code with a valid check character, elsewhere a registration number of at most 60.
 */
export const registerApplySchema = applyBase
  .extend({
    contactEmail: z.string({ error: 'enterContactEmail' }).trim().min(1, { error: 'enterContactEmail' }).pipe(emailField),
    certifiedRegion: z.coerce.number({ error: 'chooseCertifiedRegion' }).pipe(z.union(CERTIFIED_REGIONS.map((r) => z.literal(r)), { error: 'chooseCertifiedRegion' })),
    creditCode: z.string({ error: 'enterCreditCode' }).transform(normalizeCreditCode).pipe(z.string().min(1, { error: 'enterCreditCode' })),
    /** Why the application goes on although similar suppliers exist (the duplicate check asks it; duplicates.ts). */
    duplicateReason: z.string().trim().max(DUPLICATE_REASON_MAX, { error: withParams('maxLength', { max: DUPLICATE_REASON_MAX }) }).optional(),
  })
  .superRefine((v, ctx) => {
    checkPhone(v, ctx, { areaCode: 'contactAreaCode', number: 'contactNumber' });
    const problem = v.creditCode ? creditCodeProblem(v.certifiedRegion, v.creditCode) : undefined;
    if (problem) ctx.addIssue({ code: 'custom', path: ['creditCode'], message: problem === 'maxLength' ? withParams('maxLength', { max: creditCodeMax(v.certifiedRegion) }) : problem });
  });
export type RegisterApply = z.infer<typeof registerApplySchema>;

/**
 * Expansion: the accepted supplier and one of its contacts are chosen; e-mail is not required
 * (req flow §5.1). The server checks the contact and the categories against the supplier master.
 */
export const expandApplySchema = applyBase
  .extend({
    supplierNo: z.string({ error: 'chooseSupplier' }).trim().min(1, { error: 'chooseSupplier' }),
    // Carried along for the caller's convenience; the server takes code, region and credit code
    // from the supplier master, never from the form.
    supplierCode: z.string().trim().max(40).nullish(),
    contactEmail: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v : undefined))
      .pipe(emailField.optional()),
    certifiedRegion: z.coerce.number().int().nullish(),
    creditCode: z.string().trim().max(60).nullish(),
  })
  .superRefine((v, ctx) => checkPhone(v, ctx, { areaCode: 'contactAreaCode', number: 'contactNumber' }));
export type ExpandApply = z.infer<typeof expandApplySchema>;

export const APPLY_DRAWER_WIDTH = 800;
export { APPLY_TYPE };
