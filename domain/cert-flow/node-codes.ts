export const NODE_CODES = [
  'START',
  'RFI',
  'APTITUDE',
  'KCP1',
  'SELF_INSPECTION',
  'SYSTEM_CERT',
  'SAMPLE_CERT',
  'CERT',
  'KCP2',
  'PUBLICITY',
  'RELEASE',
  'PRERELEASE',
] as const;
export type NodeCode = (typeof NODE_CODES)[number];

/** Registration, expansion of an admitted supplier, requalification of its admitted categories (domain/requalification). */
export const APPLY_TYPE = { REGISTER: 1, EXPAND: 2, REQUALIFY: 3 } as const;
