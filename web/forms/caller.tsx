import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { FILES } from '#domain/contracts/files.ts';
import type { FileSession } from './upload.ts';

/**
 * Who the shared form components call the API as, and how they report long work. A supplier's calls
 * carry its Bearer token and upload through FILES.rfiUpload; a supplier portal account's carry the portal
 * token and staff calls ride on the session cookie, both uploading through FILES.upload (req rfi §7). Pages provide it once around their forms.
 */
export interface FormCaller {
  /** True for the supplier's own questionnaire (register mode). */
  supplier: boolean;
  /** True for a supplier portal account (an admitted supplier maintaining its data). */
  portal?: boolean;
  /** Upload endpoint; defaults by caller. */
  uploadPath?: string;
  /** Marks work in progress (an upload): returns the function that ends it. */
  beginWork?: () => () => void;
}

const CallerContext = createContext<FormCaller>({ supplier: false });

export function FormCallerProvider({ value, children }: { value: FormCaller; children: ReactNode }) {
  return <CallerContext.Provider value={value}>{children}</CallerContext.Provider>;
}

/** How a call of the shared components authenticates: the `supplier`/`portal` options of web/api/client.ts. */
export interface CallerAuth {
  supplier?: boolean;
  portal?: boolean;
}

export function useFormCaller(): FormCaller & { uploadPath: string; auth: CallerAuth; session: FileSession } {
  const caller = useContext(CallerContext);
  const portal = Boolean(caller.portal) && !caller.supplier;
  return {
    ...caller,
    uploadPath: caller.uploadPath ?? (caller.supplier ? FILES.rfiUpload.path : FILES.upload.path),
    auth: { supplier: caller.supplier, portal },
    session: caller.supplier ? 'supplier' : portal ? 'portal' : 'staff',
  };
}

/** Counts pieces of work in progress (uploads) so a page can disable its buttons meanwhile. */
export function useWorkCounter(): { busy: boolean; beginWork: () => () => void } {
  const [count, setCount] = useState(0);
  const ended = useRef(new WeakSet<object>());
  const beginWork = useCallback(() => {
    const token = {};
    setCount((n) => n + 1);
    return () => {
      if (ended.current.has(token)) return;
      ended.current.add(token);
      setCount((n) => n - 1);
    };
  }, []);
  return useMemo(() => ({ busy: count > 0, beginWork }), [count, beginWork]);
}

/**
 * The uploads of a staff form: put `caller` in a `FormCallerProvider` around its fields, and `busy` holds the
 * form's buttons until every file picked is stored. A save or a completion clicked meanwhile would go without
 * the file the user sees arriving (a completion's check would even answer that a file is missing).
 */
export function useStaffUploads(): { busy: boolean; caller: FormCaller } {
  const { busy, beginWork } = useWorkCounter();
  const caller = useMemo(() => ({ supplier: false, beginWork }), [beginWork]);
  return { busy, caller };
}

const ReadOnlyContext = createContext(false);

/**
 * Marks everything inside as read-only (a step in audit or view mode): uploads show their file only,
 * row tables lose their add and delete buttons, selects their clear button.
 */
export function FormReadOnlyProvider({ value, children }: { value: boolean; children: ReactNode }) {
  return <ReadOnlyContext.Provider value={value}>{children}</ReadOnlyContext.Provider>;
}

export const useFormReadOnly = () => useContext(ReadOnlyContext);
