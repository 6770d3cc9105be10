/**
 * The encoding of rule messages with parameters (`id|{"max":20}`) and their rendering from one
 * language's texts. Apart from domain/messages.ts so the web can render with the texts of the active
 * language alone, loaded with its catalog, instead of carrying both languages of every message.
 */

/** A zod message carrying parameters is encoded as `id|{"max":20}`. */
export function encodeWithParams(id: string, params: Record<string, string | number>): string {
  return `${id}|${JSON.stringify(params)}`;
}

/** The text of an encoded rule message from `texts` (id → text); any other message passes unchanged. */
export function renderMessage(message: string, texts: Readonly<Record<string, string>>): string {
  const [id, raw] = splitOnce(message, '|');
  if (!Object.hasOwn(texts, id)) return message;
  const params: Record<string, unknown> = raw ? safeJson(raw) : {};
  return texts[id].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`));
}

function splitOnce(s: string, sep: string): [string, string | undefined] {
  const i = s.indexOf(sep);
  return i < 0 ? [s, undefined] : [s.slice(0, i), s.slice(i + 1)];
}

function safeJson(raw: string): Record<string, unknown> {
  try {
    return JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return {};
  }
}
