/**
 * Who uploaded a file (stored_file.owner_kind/owner_id): a staff id, or for a supplier its
 * application number (questionnaire session) or `account:<id>` (portal account).
 */
export interface FileOwner {
  kind: 'staff' | 'supplier';
  id: string;
}

/** A download is asked by staff (may read any file) and/or a supplier (only its own uploads). */
export interface FileReader {
  staff: boolean;
  supplierOwnerId?: string;
}

/** The owner id under which a portal account's uploads are stored. */
export const portalFileOwnerId = (accountId: string) => `account:${accountId}`;
