/** The states of an exit application (req exit §2.3): apart from exit.ts's zod schemas, so that the list's URL reads them without zod. */
export const EXIT_STATUS = ['draft', 'submitted', 'approved', 'rejected', 'terminated'] as const;
export type ExitStatus = (typeof EXIT_STATUS)[number];
