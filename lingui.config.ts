import type { LinguiConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

const config: LinguiConfig = {
  locales: ['zh', 'en'],
  sourceLocale: 'zh',
  fallbackLocales: { default: 'zh' },
  catalogs: [{ path: '<rootDir>/web/locales/{locale}/messages', include: ['<rootDir>/web'], exclude: ['**/routeTree.gen.ts'] }],
  // No origins/line numbers: catalogs change only when messages change.
  format: formatter({ origins: false, lineNumbers: false }),
};

export default config;
