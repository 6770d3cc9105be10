import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every requirement the code cites is in the repository (docs/requirements/README.md): `req <area> §N.M` names a
 * section of docs/requirements/<area>.md, `architecture §N` one of docs/architecture.md, `style N` an item of
 * docs/style.md; no reference points at a document outside the repository.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const SKIP = new Set(['node_modules', 'dist', '.git', 'test-results', 'data']);
const WS = String.raw`(?:[ \t]*\n[ \t]*(?:\*|//|#)?[ \t]*|[ \t]+)`;
const ITEM = String.raw`§\d+(?:\.\d+)*(?:[ \t]*[–-][ \t]*§?\d+(?:\.\d+)*)?`;
const SEP = String.raw`(?:,${WS}|${WS}and${WS}|/|${WS}or${WS})`;
const CITATION = new RegExp(String.raw`(?:\b[Rr]eq${WS}(rfi|flow|change|exit|performance|scenario|shell)|\b(architecture))${WS}(${ITEM}(?:${SEP}${ITEM})*)`, 'g');

function sourceFiles(dir = ROOT): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (SKIP.has(e.name)) return [];
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return full.startsWith(path.join(ROOT, 'docs', 'requirements')) ? [] : sourceFiles(full);
    return /\.(ts|tsx|mjs|md|sql)$/.test(e.name) ? [full] : [];
  });
}

const sectionsOf = (file: string) => new Set([...fs.readFileSync(path.join(ROOT, file), 'utf8').matchAll(/^## §(\d+(?:\.\d+)*) /gm)].map((m) => m[1]!));
const files = sourceFiles().map((f) => ({ rel: path.relative(ROOT, f), text: fs.readFileSync(f, 'utf8') }));

describe('requirement citations', () => {
  it('name sections the requirements have', () => {
    const sections = new Map<string, Set<string>>();
    const missing: string[] = [];
    let count = 0;
    for (const { rel, text } of files) {
      for (const m of text.matchAll(CITATION)) {
        const doc = m[1] ? `docs/requirements/${m[1]}.md` : 'docs/architecture.md';
        if (!sections.has(doc)) sections.set(doc, sectionsOf(doc));
        for (const s of m[3]!.matchAll(/§(\d+(?:\.\d+)*)/g)) {
          count++;
          if (!sections.get(doc)!.has(s[1]!)) missing.push(`${rel}: ${doc} §${s[1]}`);
        }
      }
    }
    expect(missing).toEqual([]);
    // The code cites hundreds of sections: a pattern that stopped matching would pass the check above by finding none.
    expect(count).toBeGreaterThan(1000);
  });

  it('leave no § that is not part of a citation', () => {
    const stray = files.flatMap(({ rel, text }) => {
      if (rel.startsWith('docs/') && !rel.startsWith('docs/decisions')) return [];
      const rest = text.replace(CITATION, '');
      return [...rest.matchAll(/.{0,30}§\d.{0,10}/g)].map((m) => `${rel}: ${m[0]}`);
    });
    expect(stray).toEqual([]);
  });

  it('name style items docs/style.md has', () => {
    const items = new Set([...fs.readFileSync(path.join(ROOT, 'docs/style.md'), 'utf8').matchAll(/^(\d+)\. /gm)].map((m) => m[1]!));
    const missing = files.flatMap(({ rel, text }) => [...text.matchAll(/\bstyle (\d+)\b/g)].filter((m) => !items.has(m[1]!)).map((m) => `${rel}: style ${m[1]}`));
    expect(missing).toEqual([]);
  });

  it('point at no document outside the repository', () => {
    const outside = files.flatMap(({ rel, text }) =>
      [...text.matchAll(/\b[Ss]pec [123]\b|\bDESIGN §|\bSTYLE \d|\.\.\/shared\//g)].map((m) => `${rel}: ${m[0]}`),
    );
    expect(outside).toEqual([]);
  });
});

describe('decision records', () => {
  const dir = path.join(ROOT, 'docs/decisions');
  const records = fs.readdirSync(dir).filter((f) => /^\d{4}-.+\.md$/.test(f));
  const index = fs.readFileSync(path.join(dir, 'README.md'), 'utf8');

  it('are each about a page (at most 85 lines), with a status, and listed in the index', () => {
    const faults = records.flatMap((f) => {
      const text = fs.readFileSync(path.join(dir, f), 'utf8');
      return [
        ...(text.split('\n').length > 86 ? [`${f}: ${text.split('\n').length} lines`] : []),
        ...(/\*\*Status\.\*\* (Accepted|Superseded by \d{4})/.test(text) ? [] : [`${f}: no status`]),
        ...(index.includes(`(${f})`) ? [] : [`${f}: not in the index`]),
      ];
    });
    expect(records.length).toBeGreaterThan(40);
    expect(faults).toEqual([]);
  });

  it('are what the code and the docs link to: every docs/decisions/NNNN-… path exists', () => {
    const broken = files.flatMap(({ rel, text }) => [...text.matchAll(/docs\/decisions\/(\d{4}-[a-z0-9-]+\.md)/g)].filter((m) => !records.includes(m[1]!)).map((m) => `${rel}: ${m[1]}`));
    expect(broken).toEqual([]);
  });
});

describe('the documents', () => {
  it('link only to files that exist', () => {
    const walk = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith('.md') ? [path.join(dir, e.name)] : []));
    const docs = [...walk(path.join(ROOT, 'docs')), path.join(ROOT, 'README.md')].map((f) => ({ rel: path.relative(ROOT, f), text: fs.readFileSync(f, 'utf8') }));
    const broken = docs.flatMap(({ rel, text }) =>
      [...text.matchAll(/\]\(([^)#\s]+)\)/g)]
        .map((m) => m[1]!)
        .filter((target) => !/^[a-z]+:/.test(target) && !fs.existsSync(path.resolve(ROOT, path.dirname(rel), target)))
        .map((target) => `${rel}: ${target}`),
    );
    expect(docs.length).toBeGreaterThan(70);
    expect(broken).toEqual([]);
  });
});
