/**
 * Roles of a supplier portal account. Submitting a self-inspection conclusion needs the supplier
 * access collaboration role (req flow §4.7); accounts made when the RFI passes carry it.
 */
export const SUPPLIER_COLLABORATION_ROLE = 'supplier-access-collaboration';
export const DEFAULT_SUPPLIER_ROLES: readonly string[] = [SUPPLIER_COLLABORATION_ROLE];
