import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiEndpoints } from '#api/endpoints.ts';
import { CONTRACT_AREAS, CONTRACT_FILES } from '#domain/contracts/index.ts';

const contracts = Object.values(CONTRACT_AREAS).flatMap((area) => Object.values(area));

/** Every source file of the web app, by its path from the repository root. */
function webFiles(dir = 'web'): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return webFiles(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.gen.ts') ? [p] : [];
  });
}

describe('endpoint contracts', () => {
  it('each is implemented by exactly one endpoint, with its method, caller, schemas and answer', () => {
    for (const c of contracts) {
      const found = apiEndpoints.filter((e) => e.path === c.path && e.method === c.method);
      expect(found, `${c.method} ${c.path}`).toHaveLength(1);
      expect(found[0]).toMatchObject({ auth: c.auth, response: c.response, ...(c.query ? { query: c.query } : {}), ...(c.body ? { body: c.body } : {}) });
    }
  });

  it('every endpoint of the API implements a contract, with a declared answer', () => {
    const declared = new Set(contracts.map((c) => `${c.method} ${c.path}`));
    expect(apiEndpoints.filter((e) => !declared.has(`${e.method} ${e.path}`)).map((e) => `${e.method} ${e.path}`)).toEqual([]);
    expect(apiEndpoints.filter((e) => !e.response).map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });

  it('the web names no contract’s path itself: it calls the contract', () => {
    const paths = contracts.map((c) => c.path);
    const restated = webFiles().flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return paths.filter((p) => text.includes(`'${p}'`) || text.includes(`\`${p}`)).map((p) => `${file}: ${p}`);
    });
    expect(restated).toEqual([]);
  });

  it('every contract file is listed for the web build, which serves it as its routes alone', async () => {
    const files = fs.readdirSync('domain/contracts').filter((f) => f.endsWith('.ts') && !['contract.ts', 'answers.ts', 'index.ts'].includes(f));
    expect(Object.keys(CONTRACT_FILES).sort()).toEqual(files.map((f) => f.replace(/\.ts$/, '')).sort());
    for (const [file, exported] of Object.entries(CONTRACT_FILES)) {
      const module = (await import(`#domain/contracts/${file}.ts`)) as Record<string, unknown>;
      expect(Object.keys(exported).sort(), file).toEqual(Object.keys(module).sort());
    }
  });
});
