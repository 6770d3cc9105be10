import { zod4Resolver } from 'mantine-form-zod-resolver';
import { loginForm } from '#domain/rfi/login.ts';

/**
 * The invitation login form's rules: the code and the agreement (the e-mail is the invitation's, shown
 * read-only). Loaded when the form is first used (supplier-login-page.tsx), and zod with them.
 */
export const codeAndAgreementRules = zod4Resolver(loginForm.pick({ code: true, agreed: true }));
