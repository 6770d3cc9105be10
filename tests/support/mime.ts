/**
 * Just enough MIME to read what nodemailer sends (headers with encoded words, multipart,
 * base64 and quoted-printable bodies), so mail tests assert the text a person would read.
 */
export interface ParsedMail {
  headers: Record<string, string>;
  text: string;
  html: string;
}

export function parseMail(raw: string): ParsedMail {
  const out: ParsedMail = { headers: {}, text: '', html: '' };
  const top = splitPart(raw);
  out.headers = top.headers;
  collect(top, out);
  return out;
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const at = normalized.indexOf('\n\n');
  const head = at < 0 ? normalized : normalized.slice(0, at);
  const body = at < 0 ? '' : normalized.slice(at + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = decodeWords(line.slice(i + 1).trim());
  }
  return { headers, body };
}

function collect(part: Part, out: ParsedMail): void {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.startsWith('multipart/') && boundary) {
    const pieces = part.body.split(`--${boundary}`).slice(1);
    for (const piece of pieces) {
      if (piece.startsWith('--')) break;
      collect(splitPart(piece.replace(/^\n/, '')), out);
    }
    return;
  }
  const decoded = decodeBody(part.body, part.headers['content-transfer-encoding'] ?? '7bit');
  if (type.startsWith('text/html')) out.html += decoded;
  else if (type.startsWith('text/plain')) out.text += decoded;
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return qp(body);
    default:
      return body.replace(/\n$/, '');
  }
}

function qp(body: string): string {
  const joined = body.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8').replace(/\n$/, '');
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : qp(data.replace(/_/g, ' ')),
    );
}
