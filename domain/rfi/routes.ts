/** Web paths that mails and screens link to (spec 1 §2 route names, our paths). */
export function supplierLoginPath(temp: string): string {
  return `/client/login/${temp}`;
}

/** scm-cspm:rfi-form / scm-cspm:sup-rfi: the staff audit mode with id (apply number), flowNo, taskNo. */
export function rfiAuditPath(p: { applyNo: string; flowNo: string; taskNo: string }): string {
  return `/rfi/audit?${new URLSearchParams({ id: p.applyNo, flowNo: p.flowNo, taskNo: p.taskNo })}`;
}

/** scm-cspm:rfi-process-detail: the flow progress page, query id = flow number. */
export function flowDetailPath(flowNo: string): string {
  return `/cert-flow/detail?${new URLSearchParams({ id: flowNo })}`;
}
