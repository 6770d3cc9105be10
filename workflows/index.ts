export { certificationFlow } from './certification-flow.ts';
export { approvalFlow } from './approval-flow.ts';
export { supplierExitFlow } from './supplier-exit-flow.ts';
export { supplierChangeFlow } from './supplier-change-flow.ts';
export { assessmentRoundFlow } from './assessment-round-flow.ts';
export { certificateWatch } from './certificate-watch.ts';
export { certificateRenewalFlow } from './certificate-renewal-flow.ts';
