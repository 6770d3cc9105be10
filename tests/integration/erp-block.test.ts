import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ErpRefusal } from '#adapters/erp/erp-client.ts';
import { erpBlocksOf, testErp } from '../support/erp.ts';

const newCode = () => `9${crypto.randomInt(1e6, 9e6)}`;

describe('the purchasing block of a vendor', () => {
  const erp = testErp();

  it('blocks the whole vendor once, however often the same request is retried', async () => {
    const code = newCode();
    await erp.blockVendor(code, { kind: 'all' }, `exit-${code}`);
    await erp.blockVendor(code, { kind: 'all' }, `exit-${code}`);
    const blocks = await erpBlocksOf(code);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.BlockScope).toBe('ALL');
  });

  it('blocks only the material groups of the exited categories', async () => {
    const code = newCode();
    await erp.blockVendor(code, { kind: 'categories', categoryCodes: ['101001', '101002'] }, `exit-${code}`);
    const blocks = await erpBlocksOf(code);
    expect(blocks.map((b) => [b.BlockScope, b.to_MaterialGroup.results.map((m) => m.MaterialGroup)])).toEqual([['MATERIAL_GROUP', ['101001', '101002']]]);
  });

  it('a block of no material group is refused by the ERP and not retried as a failure', async () => {
    const err = await erp.blockVendor(newCode(), { kind: 'categories', categoryCodes: [] }, `exit-empty-${newCode()}`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ErpRefusal);
  });
});
