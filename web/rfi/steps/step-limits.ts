import type { z } from 'zod';
import { RFI_SECTION_DEFS } from '#domain/rfi/sections/index.ts';
import type { RfiStepKey } from '#domain/rfi/steps.ts';

/**
 * The maximum length of a text field as the section's schema states it, so an input can stop typing
 * at the limit without a second copy of the number. `path` is a dot path with or without row
 * indices: `factoryList.baseName` or `factoryList.0.baseName`.
 */
export function maxLengthOf(step: RfiStepKey, path: string, staff = false): number | undefined {
  let node: z.core.$ZodType | undefined = RFI_SECTION_DEFS[step].shape({ staff });
  for (const key of path.split('.').filter((k) => !/^\d+$/.test(k))) node = child(unwrap(node), key);
  const leaf = unwrap(node) as { maxLength?: number | null } | undefined;
  return leaf?.maxLength ?? undefined;
}

/** Through pipes, optionals, nullables and arrays to the value's own type. */
function unwrap(node: z.core.$ZodType | undefined): z.core.$ZodType | undefined {
  let n = node;
  for (let i = 0; n && i < 20; i++) {
    const def = n._zod.def as { type: string; in?: z.core.$ZodType; innerType?: z.core.$ZodType; element?: z.core.$ZodType };
    const next = def.type === 'pipe' ? def.in : def.type === 'optional' || def.type === 'nullable' || def.type === 'default' ? def.innerType : def.type === 'array' ? def.element : undefined;
    if (!next) return n;
    n = next;
  }
  return n;
}

function child(node: z.core.$ZodType | undefined, key: string): z.core.$ZodType | undefined {
  const def = node?._zod.def as { type: string; shape?: Record<string, z.core.$ZodType> } | undefined;
  return def?.type === 'object' ? def.shape?.[key] : undefined;
}

/** `maxLength` props for the inputs of one step: `{...len('productLineList.remark')}`. */
export function lengthProps(step: RfiStepKey) {
  const cache = new Map<string, number | undefined>();
  return (path: string): { maxLength?: number } => {
    const key = path.replace(/\.\d+(?=\.|$)/g, '');
    if (!cache.has(key)) cache.set(key, maxLengthOf(step, key));
    const max = cache.get(key);
    return max === undefined ? {} : { maxLength: max };
  };
}
