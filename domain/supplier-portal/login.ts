import type { z } from 'zod';
import { loginForm, tokenRequest } from '../rfi/login.ts';
import type { NodeCode, Stage } from '../cert-flow/enums.ts';

/**
 * Supplier portal login (req rfi §2, §4 and §5 "Login" rules, applied to the portal account): the
 * contact types its e-mail, gets a 6-digit code, enters it. Same fields, messages and limits as the
 * questionnaire login, without the invitation link.
 */
export const portalCodeRequest = tokenRequest.pick({ email: true });

export const portalLoginRequest = tokenRequest.omit({ temp: true });
export type PortalLoginRequest = z.infer<typeof portalLoginRequest>;

/** The page's form: e-mail, code and the privacy agreement (req rfi §5). */
export const portalLoginForm = loginForm;

export interface PortalTokenResponse {
  token: string;
  /** ISO time the session ends. */
  expiresAt: string;
}

interface PortalFlow {
  flowNo: string;
  supplierName: string;
  stage: Stage;
  currentNodeCode: NodeCode | null;
  /** The self-inspection checklist is issued and its node in progress: the supplier has work there. */
  selfInspectionOpen: boolean;
  /** The flow's sample certification is a PPAP submission (req flow §11.2): the portal links to it. */
  hasPpap?: boolean;
}

/** An accepted supplier one of the account's flows admitted (stage 90), with its code. */
export interface PortalAdmittedSupplier {
  supplierCode: string;
  supplierName: string;
  /** Its accessed categories, in the reader's language. */
  categories: string[];
}

export interface PortalMe {
  email: string;
  supplierName: string;
  roles: string[];
  flows: PortalFlow[];
  admittedSuppliers: PortalAdmittedSupplier[];
}
