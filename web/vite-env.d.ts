/// <reference types="vite/client" />

declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

/** Set by vite.config.ts at build time; shown with Ctrl+Shift+0 (req shell §2.6). */
declare const __BUILD_INFO__: { version: string; builtAt: string; commit: string };

/** One language's rule messages of domain/messages.ts (id → text), made by vite.config.ts. */
declare module 'virtual:rule-messages/*' {
  const texts: Readonly<Record<string, string>>;
  export default texts;
}

/** One language's lingui catalog cut down to an area's messages, made by infra/web-catalog-areas.ts. */
declare module 'virtual:catalog/*' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
