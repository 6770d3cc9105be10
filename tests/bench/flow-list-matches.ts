import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { openDatabase } from '#db/connection.ts';
import type { FlowListQuery } from '#domain/cert-flow/flow-list.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { listFlows } from '#services/cert-flow/flow-list.ts';
import { FLOW_LIST_CASES } from './flow-list.ts';

/**
 * The matches of every flow list benchmark case, as the list answers them: the total and the first and last
 * flow of pages 1 and 200, one line per case and page, to compare the answers of two versions of the list
 * on the same database (`DATABASE_URL` naming the benchmark's database; nothing is written).
 */
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL names the database to read (the flow list benchmark keeps its flows in it)');
const handle = await openDatabase({ databaseUrl: url, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'flow-list-matches-')) });
const admin: StaffPrincipal = { kind: 'staff', id: 'bench', jobNumber: 'E10001', name: 'bench', permissions: ['scm-cspm:cert_process_manage_all'] };
try {
  for (const [name, filter] of FLOW_LIST_CASES) {
    for (const page of [1, 200]) {
      const { total, records } = await listFlows(handle.db, { currentPage: page, pageSize: 20, ...filter } as FlowListQuery, admin, 'zh');
      console.log(`${name}, page ${page}: total ${total}, ${records.length} rows, first ${records[0]?.flowNo ?? '-'}, last ${records.at(-1)?.flowNo ?? '-'}`);
    }
  }
} finally {
  await handle.close();
}
