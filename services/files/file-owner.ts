/**
 * Who uploaded a file (stored_file.owner_kind/owner_id): a staff id, or for a supplier its
 * application number (questionnaire session) or `account:<id>` (portal account).
 */
export interface FileOwner {
  kind: 'staff' | 'supplier';
  id: string;
}

/** The owner id under which a portal account's uploads are stored. */
export const portalFileOwnerId = (accountId: string) => `account:${accountId}`;
