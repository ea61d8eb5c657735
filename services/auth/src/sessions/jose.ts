import type * as Jose from 'jose' with { 'resolution-mode': 'import' };

/** jose is ESM-only, so this CommonJS package loads it with a dynamic import. */
export const loadJose = (): Promise<typeof Jose> => import('jose');
