/** Defined as `true` by the server build (infra/build-server.ts); absent when the TypeScript source runs. */
declare const __SERVER_BUILD__: boolean | undefined;

/**
 * Whether this process runs the compiled server (`dist/server/`) rather than the TypeScript source under
 * tsx. The compiled server loads its prebuilt workflow bundle and starts its own compiled ERP simulator.
 */
export const COMPILED = typeof __SERVER_BUILD__ !== 'undefined' && __SERVER_BUILD__ === true;

/** A file the server build writes beside the compiled entry points. */
export const compiledFile = (name: string): URL => new URL(`./${name}`, import.meta.url);
