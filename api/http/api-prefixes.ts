/** Every path prefix the API answers under; anything else is the web app. */
export const API_PREFIXES = ['/v1', '/v2', '/common', '/dict', '/dsc-staff', '/api', '/file', '/dev/v1'];

export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}
