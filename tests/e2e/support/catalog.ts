import fs from 'node:fs';
import type { Lang } from './lang.ts';

/**
 * What the screen reads for a zh source text in a language: zh as written, en from the web app's
 * catalog (web/locales/en/messages.po). A text without an English entry fails the test, because the
 * screen would show it untranslated.
 */
let english: Map<string, string> | undefined;

function load(): Map<string, string> {
  const po = fs.readFileSync(new URL('../../../web/locales/en/messages.po', import.meta.url), 'utf8');
  const map = new Map<string, string>();
  const unquote = (s: string) => JSON.parse(s) as string;
  for (const block of po.split(/\n\n+/)) {
    const id = block.match(/^msgid (".*")$/m);
    const str = block.match(/^msgstr (".*")$/m);
    if (id && str && !block.startsWith('#~')) map.set(unquote(id[1]), unquote(str[1]));
  }
  return map;
}

export function ui(lang: Lang, zh: string): string {
  if (lang === 'zh') return zh;
  english ??= load();
  const en = english.get(zh);
  if (!en) throw new Error(`no English text for "${zh}" in the catalog`);
  return en;
}
