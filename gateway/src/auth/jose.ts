import type * as Jose from 'jose' with { 'resolution-mode': 'import' };

/** jose is ESM-only: a dynamic import compiles to require(), which Node >= 20.19 loads (engines in package.json). */
export const loadJose = (): Promise<typeof Jose> => import('jose');
