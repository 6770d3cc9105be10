import { z } from 'zod';
import { NODE_CODES } from './enums.ts';
import { flowNoField } from './flow-no.ts';

/** Requests every node screen shares (req flow §4.2). */
export const flowNodeRequest = z.object({
  flowNo: flowNoField,
  nodeCode: z.enum(NODE_CODES),
});
export type FlowNodeRequest = z.infer<typeof flowNodeRequest>;
