import type { Db, DbOrTrx } from '#db/connection.ts';
import { FIRST_CATALOGUE, FIRST_CATALOGUE_EDITION, revisionIssues, type CatalogueReviseRequest, type VdaCatalogue, type VdaElementEntry } from '#domain/vda63/catalogue.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import { badRequest } from '#domain/errors.ts';
import { canEditScenarios } from '#services/scenario/scenario-read.ts';
import { writeHistory } from '#services/history/write-history.ts';
import { RELATION_TYPE } from '#domain/cert-flow/enums.ts';

/** The VDA 6.3 catalogue's versions (table vda_catalogue, req flow §10.1). */

export interface CatalogueVersion {
  version: number;
  edition: string;
  elements: VdaElementEntry[];
  createdBy: string;
  createdAt: Date;
}

const toVersion = (r: { version: number; edition: string; elements: unknown; created_by: string; created_at: Date | string }): CatalogueVersion => ({
  version: r.version,
  edition: r.edition,
  elements: r.elements as VdaElementEntry[],
  createdBy: r.created_by,
  createdAt: new Date(r.created_at),
});

/** The newest version; the first one is written on first use (the edition's numbering with our texts). */
export async function currentCatalogue(db: DbOrTrx): Promise<CatalogueVersion> {
  const row = await db.selectFrom('vda_catalogue').selectAll().orderBy('version', 'desc').limit(1).executeTakeFirst();
  if (row) return toVersion(row);
  await db
    .insertInto('vda_catalogue')
    .values({ version: 1, edition: FIRST_CATALOGUE_EDITION, elements: JSON.stringify(FIRST_CATALOGUE), created_by: 'system' })
    .onConflict((oc) => oc.column('version').doNothing())
    .execute();
  return currentCatalogue(db);
}

/** The version an audit opened with. */
export async function catalogueVersion(db: DbOrTrx, version: number): Promise<CatalogueVersion> {
  return toVersion(await db.selectFrom('vda_catalogue').selectAll().where('version', '=', version).executeTakeFirstOrThrow());
}

export async function readCatalogue(db: Db, staff: StaffPrincipal): Promise<VdaCatalogue> {
  const c = await currentCatalogue(db);
  return { version: c.version, edition: c.edition, elements: c.elements, createdBy: c.createdBy, createdAt: c.createdAt.toISOString(), mayRevise: canEditScenarios(staff) };
}

/**
 * A revision of the texts and stars as the next version (audits opened before keep theirs). The question ids must be
 * the catalogue's, once each. A revision changing nothing adds no version.
 */
export async function reviseCatalogue(db: Db, input: CatalogueReviseRequest, staff: StaffPrincipal): Promise<{ version: number }> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('vda_catalogue').select('version').forUpdate().execute();
    const current = await currentCatalogue(trx);
    const issues = revisionIssues(current.elements, input.questions);
    if (Object.keys(issues).length) throw badRequest('invalidInput', issues);
    const byId = new Map(input.questions.map((x) => [x.id, x]));
    const elements = current.elements.map((e) => ({
      ...e,
      questions: e.questions.map((x) => ({ id: x.id, zh: byId.get(x.id)!.zh, en: byId.get(x.id)!.en, starred: byId.get(x.id)!.starred })),
    }));
    if (JSON.stringify(elements) === JSON.stringify(current.elements)) return { version: current.version };
    const version = current.version + 1;
    await trx.insertInto('vda_catalogue').values({ version, edition: current.edition, elements: JSON.stringify(elements), created_by: staff.jobNumber }).execute();
    await writeHistory(trx, {
      relation: { type: RELATION_TYPE.CONFIGURATION, code: 'vda-catalogue' },
      actor: actorOf(staff),
      action: 'VDA_CATALOGUE_REVISED',
      description: `VDA 6.3 问题目录修订为第 ${version} 版`,
      detail: { version },
    });
    return { version };
  });
}
