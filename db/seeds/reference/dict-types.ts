/** Shape of the dictionary seed data: one list of entries per dictType, in display order. */
export interface DictEntrySeed {
  key: string;
  zh: string;
  en: string;
  /** Attributes a screen needs besides the label; a `{ zh, en }` value is translated when served. */
  extra?: Record<string, unknown>;
}

export type DictSeed = Record<string, readonly DictEntrySeed[]>;

/** Shorthand for the common case: key, zh label, en label. */
export function e(key: string, zh: string, en: string, extra?: Record<string, unknown>): DictEntrySeed {
  return extra ? { key, zh, en, extra } : { key, zh, en };
}
