/**
 * The supplier's session of one invitation (`temp`) and its Bearer token. Kept in sessionStorage so a
 * reload keeps the questionnaire open while closing the tab ends it. The supplier login registers it;
 * the API client sends the token on supplier calls and, on 401, returns to /client/login/{temp}.
 */
export interface SupplierSession {
  temp: string;
  token: string;
}

const KEY = 'supplier_session';

export const supplierSession = {
  get(): SupplierSession | null {
    try {
      const raw = sessionStorage.getItem(KEY);
      return raw ? (JSON.parse(raw) as SupplierSession) : null;
    } catch {
      return null;
    }
  },
  set(session: SupplierSession): void {
    sessionStorage.setItem(KEY, JSON.stringify(session));
  },
  clear(): void {
    sessionStorage.removeItem(KEY);
  },
};
