/** `%text%` for LIKE/ILIKE with the caller's % and _ taken literally (backslash is Postgres' escape). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
