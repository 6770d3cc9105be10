/**
 * Masking of a flow's supplier contact (req flow §2.3: the values are sensitive and revealed on request).
 * The server masks before answering, so the clear values never reach a browser that did not ask for them.
 */

/** 张伟 → 张*, 欧阳娜娜 → 欧***: the first character stays. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 1) return chars.length ? '*' : '';
  return chars[0] + '*'.repeat(chars.length - 1);
}

/** zhang@example.com → z***@example.com: the first character of the local part and the domain stay. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** 13800138000 → 138****8000: the first three and the last four digits stay when there are enough. */
export function maskPhone(phone: string): string {
  const p = phone.trim();
  if (p.length >= 8) return `${p.slice(0, 3)}${'*'.repeat(p.length - 7)}${p.slice(-4)}`;
  if (p.length > 2) return `${'*'.repeat(p.length - 2)}${p.slice(-2)}`;
  return '*'.repeat(p.length);
}
