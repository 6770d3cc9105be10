import { z } from 'zod';

/** The local-account login's request, and the session user as GET /dsc-staff/v1/current-user answers it. */

export const staffLoginRequest = z.object({
  username: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(100),
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200),
});

/** GET /dsc-staff/v1/current-user (req shell §3.5, §7.7): the session user and the permission store. */
export const currentUser = z.object({
  id: z.string(),
  username: z.string(),
  jobNumber: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  departmentId: z.string().nullable(),
  departmentName: z.string().nullable(),
  /** Where the staff member works (a factory_location code), shown as the factory tag; null when not set. */
  factoryLocation: z.string().nullable(),
  roles: z.array(z.string()),
  /** The names of `roles`, in the same order, in the caller's language (req shell §3.5 shows names, not codes). */
  roleNames: z.array(z.string()),
  /** Route keys gate menu entries and screens; every other granted key is a button permission. */
  permissions: z.object({ routes: z.array(z.string()), buttons: z.array(z.string()) }),
  appEnv: z.enum(['dev', 'test', 'ptest', 'ontest', 'prod']),
});
export type CurrentUser = z.infer<typeof currentUser>;
