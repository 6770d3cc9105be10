import { Connection } from '@temporalio/client';
import proto from '@temporalio/proto';
import { SA } from '#workflows/definitions.ts';

// CommonJS package: take the namespace from its default export under plain Node ESM.
const IndexedValueType = proto.temporal.api.enums.v1.IndexedValueType;

const TYPE_OF = {
  KEYWORD: IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD,
  TEXT: IndexedValueType.INDEXED_VALUE_TYPE_TEXT,
} as const;

/**
 * Registers the flow's search attributes when missing (the dev server only registers them when it
 * creates its namespace) and fails with a clear message if any is still absent: upserting an
 * unregistered attribute would wedge the workflow (architecture §4).
 */
export async function ensureSearchAttributes(connection: Connection, namespace: string): Promise<void> {
  const wanted = Object.entries(searchAttributeTypes()).map(([name, type]) => ({ name, type }));
  const existing = await connection.operatorService.listSearchAttributes({ namespace });
  const known = { ...existing.customAttributes, ...existing.systemAttributes };
  const missing = wanted.filter((w) => !(w.name in known));
  if (missing.length) {
    await connection.operatorService.addSearchAttributes({
      namespace,
      searchAttributes: Object.fromEntries(missing.map((m) => [m.name, m.type])),
    });
  }
  const after = await connection.operatorService.listSearchAttributes({ namespace });
  const stillMissing = wanted.filter((w) => !(w.name in (after.customAttributes ?? {})));
  if (stillMissing.length) {
    throw new Error(`Temporal namespace ${namespace} lacks search attributes: ${stillMissing.map((m) => m.name).join(', ')}`);
  }
}

/** The flow's search attributes with their index types, as the operator service registers them. */
export function searchAttributeTypes(): Record<string, (typeof TYPE_OF)[keyof typeof TYPE_OF]> {
  return Object.fromEntries(Object.values(SA).map((k) => [k.name, TYPE_OF[k.type as keyof typeof TYPE_OF]]));
}

/** `--search-attribute` flags for `temporal server start-dev`. */
export function searchAttributeFlags(): string[] {
  return Object.values(SA).flatMap((k) => ['--search-attribute', `${k.name}=${k.type === 'TEXT' ? 'Text' : 'Keyword'}`]);
}
