import { z } from 'zod';
import { requiredText } from '../fields.ts';
import { NODE_CODES } from './enums.ts';

/** Requests every node screen shares (spec 2 §4.2). */
export const flowNodeRequest = z.object({
  flowNo: requiredText(64),
  nodeCode: z.enum(NODE_CODES),
});
export type FlowNodeRequest = z.infer<typeof flowNodeRequest>;
