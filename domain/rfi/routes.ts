/** Web paths that mails and screens link to (req rfi §2 route names, our paths). */
export function supplierLoginPath(temp: string): string {
  return `/client/login/${temp}`;
}

/** scm-cspm:rfi-form / scm-cspm:sup-rfi: the staff audit mode with id (apply number), flowNo, taskNo. */
export function rfiAuditPath(p: { applyNo: string; flowNo: string; taskNo: string }): string {
  return `/rfi/audit?${new URLSearchParams({ id: p.applyNo, flowNo: p.flowNo, taskNo: p.taskNo })}`;
}

/** scm-cspm:rfi-process-detail: the flow progress page, query id = flow number; `node` opens that node's screen. */
export function flowDetailPath(flowNo: string, node?: string): string {
  return `/cert-flow/detail?${new URLSearchParams({ id: flowNo, ...(node ? { node } : {}) })}`;
}

/** The approval and submission record card of a task (req flow §2.4): params flowNo and taskNo. */
export function approvalCardPath(p: { flowNo: string; taskNo: string }): string {
  return `/cert-flow/approval?${new URLSearchParams({ flowNo: p.flowNo, taskNo: p.taskNo })}`;
}
