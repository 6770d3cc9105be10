import { z } from 'zod';
import { FILE_RELATION_TYPE } from '../files.ts';

/** A write's answer that only says what happened, in the caller's language. */
export const messageAnswer = z.object({ message: z.string() });

/** A page of rows: how many in all, and this page's. */
export const pageAnswer = <T extends z.ZodType>(row: T) => z.object({ total: z.number().int().min(0), records: z.array(row) });

/**
 * A file written as the answer's body (a download, a workbook): not JSON, so nothing parses it; the tests of each
 * download read its bytes and headers.
 */
export const fileAnswer = z.custom<Blob>().describe('the file itself (its content type and name in the headers)');

/** A 303 redirect as the answer (a login through the identity provider): a browser navigation, not a call. */
export const redirectAnswer = z.custom<never>().describe('a 303 redirect to the Location header');

/** A stored upload: its key, name, download address and size (every upload path answers it). */
export const uploadAnswer = z.object({
  fileKey: z.string(),
  fileName: z.string(),
  url: z.string(),
  size: z.number(),
  relationType: z.literal(FILE_RELATION_TYPE),
  name: z.string(),
  fileUrl: z.string(),
});
