import { useEffect, useState } from 'react';
import type { EmailResponse } from '#domain/rfi/login-rules.ts';
import { fetchLoginEmail } from '#web/api/rfi-login.ts';

/**
 * The invitation's e-mail for the login form, read once per link. A plain fetch rather than a query:
 * the login paints before TanStack Query is loaded (`staticData.queryOnDemand`), and the address never
 * changes while the page is open (no refetch, no retry; the page shows its own '获取邮箱失败').
 */
export function useLoginEmail(temp: string): { data?: EmailResponse; error: unknown } {
  const [state, setState] = useState<{ data?: EmailResponse; error: unknown }>({ error: null });
  useEffect(() => {
    const abort = new AbortController();
    fetchLoginEmail(temp, abort.signal).then(
      (data) => setState({ data, error: null }),
      (error: unknown) => {
        if (!abort.signal.aborted) setState({ error });
      },
    );
    return () => abort.abort();
  }, [temp]);
  return state;
}
