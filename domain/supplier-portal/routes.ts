/** Web paths of the supplier portal (mails link to the login). */
export const PORTAL_LOGIN_PATH = '/client/portal/login';
export const PORTAL_HOME_PATH = '/client/portal';

export function portalSelfInspectionPath(flowNo: string): string {
  return `/client/portal/self-inspection?${new URLSearchParams({ flowNo })}`;
}
