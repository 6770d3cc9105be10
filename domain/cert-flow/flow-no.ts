import { z } from 'zod';
import { requiredText } from '../fields.ts';

/** The flow number as every request carries it (CF<yyyymmdd><counter>, checked against the flows by the services). */
export const flowNoField = requiredText(64);

/** A request that names only its flow: the reads of a flow's screens, terminate. */
export const flowNoQuery = z.object({ flowNo: flowNoField });
