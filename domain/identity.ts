/** GET /dsc-staff/v1/current-user (spec 3 §3.5, §7.7): the session user and the permission store. */
export interface CurrentUser {
  id: string;
  username: string;
  jobNumber: string;
  name: string;
  email: string;
  phone: string | null;
  avatar: string | null;
  departmentId: string | null;
  departmentName: string | null;
  roles: string[];
  /** Route keys gate menu entries and screens; every other granted key is a button permission. */
  permissions: { routes: string[]; buttons: string[] };
  appEnv: 'dev' | 'test' | 'ptest' | 'ontest' | 'prod';
}
