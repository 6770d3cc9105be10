import { z } from 'zod';

/** A write's answer that only says what happened, in the caller's language. */
export const messageAnswer = z.object({ message: z.string() });

/** A page of rows: how many in all, and this page's. */
export const pageAnswer = <T extends z.ZodType>(row: T) => z.object({ total: z.number().int().min(0), records: z.array(row) });
