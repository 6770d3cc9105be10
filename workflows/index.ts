export { certificationFlow } from './certification-flow.ts';
