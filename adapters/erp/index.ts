import type { Config } from '#infra/config.ts';
import type { ErpClient } from './erp-client.ts';
import { createHttpErpClient } from './http-erp-client.ts';

/**
 * The ERP at `url`: ERP_URL, or the embedded simulator's address when ERP_URL is unset (architecture §2).
 * Either way the same HTTP adapter speaks to it.
 */
export function createErpClient(config: Pick<Config, 'ERP_USER' | 'ERP_PASSWORD'>, url: string): ErpClient {
  return createHttpErpClient({ baseUrl: url, user: config.ERP_USER, password: config.ERP_PASSWORD });
}
