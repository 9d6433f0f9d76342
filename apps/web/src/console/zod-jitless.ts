/**
 * No eval under the Content-Security-Policy: zod compiles its object schemas with `new Function`
 * unless told not to, and probes for it, which the policy blocks and reports. Imported first by
 * main.tsx, so that this is set before any schema (the session's) exists.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

export {};
