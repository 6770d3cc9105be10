import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// An owner's stored total is summed on every upload (the supplier quota), and the orphan cleanup
// walks old uploads by age.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('stored_file_owner_idx').on('stored_file').columns(['owner_kind', 'owner_id']).execute();
  await db.schema.createIndex('stored_file_created_idx').on('stored_file').column('created_at').execute();
}
