/** Who uploaded a file (stored_file.owner_kind/owner_id): a staff id or a supplier's application number. */
export interface FileOwner {
  kind: 'staff' | 'supplier';
  id: string;
}

/** A download is asked by staff (may read any file) and/or a supplier (only its own uploads). */
export interface FileReader {
  staff: boolean;
  supplierApplyNo?: string;
}
