/** Web paths of the supplier portal (mails link to the login). */
export const PORTAL_LOGIN_PATH = '/client/portal/login';

export function portalSelfInspectionPath(flowNo: string): string {
  return `/client/portal/self-inspection?${new URLSearchParams({ flowNo })}`;
}
