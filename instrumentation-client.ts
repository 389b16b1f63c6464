/**
 * Runs in the browser before the app's own code (Next's client instrumentation). Zod compiles its object parsers with
 * `new Function` when it may; under the site's Content-Security-Policy (no 'unsafe-eval', issue 19 item 7) even its
 * probe for that, made when the first schema is built, is a reported violation. `jitless` turns both off; parsing is
 * unchanged. Zod keeps its settings on `globalThis.__zod_globalConfig` (the object `z.config()` writes), set here
 * directly so that the bundle every page loads does not carry zod (instrumentation-client.test.ts checks zod reads it).
 */
const zodHolder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodHolder.__zod_globalConfig ??= {}).jitless = true;

export {};
