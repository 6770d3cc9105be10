import { odataError, purchasingBlockSchema } from '#adapters/erp/odata-contract.ts';
import { answerOnce, type Repeatability, type SimulatorResponse } from './repeatable.ts';
import type { SimulatorDb } from './store.ts';

/**
 * Purchasing blocks of vendors (a supplier exit). The simulator blocks any supplier number it is
 * given — the demo suppliers of the platform were never created in it — and records one row per
 * block, so a test can count that a retried request blocked once.
 */
export function blockPurchasing(db: SimulatorDb, payload: unknown, repeatability?: Repeatability): Promise<SimulatorResponse> {
  return answerOnce(db, repeatability, async (trx) => {
    const parsed = purchasingBlockSchema.safeParse(payload);
    if (!parsed.success) {
      return { status: 400, body: odataError('SIM/PAYLOAD', parsed.error.issues.map((i) => `${i.path.join('/') || 'payload'}: ${i.message}`)) };
    }
    const block = parsed.data;
    if (block.BlockScope === 'MATERIAL_GROUP' && block.to_MaterialGroup.results.length === 0) {
      return { status: 400, body: odataError('SIM/PAYLOAD', ['A material-group block needs at least one material group']) };
    }
    const row = await trx
      .insertInto('purchasing_block')
      .values({ supplier: block.Supplier, block_scope: block.BlockScope, material_groups: JSON.stringify(block.to_MaterialGroup.results.map((m) => m.MaterialGroup)) })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    return { status: 201, body: { d: { BlockId: String(row.id), ...block } } };
  });
}

/** The blocks recorded for a supplier number, oldest first. */
export async function blocksOf(db: SimulatorDb, supplier: string) {
  const rows = await db.selectFrom('purchasing_block').select(['id', 'supplier', 'block_scope', 'material_groups']).where('supplier', '=', supplier).orderBy('id').execute();
  return rows.map((r) => ({
    BlockId: String(r.id),
    Supplier: r.supplier,
    BlockScope: r.block_scope,
    to_MaterialGroup: { results: (r.material_groups as string[]).map((MaterialGroup) => ({ MaterialGroup })) },
  }));
}
