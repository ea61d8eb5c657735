import { readFileSync } from 'node:fs';
import path from 'node:path';
import type * as Ets from '@bsull/augurs/ets' with { 'resolution-mode': 'import' };

type ArimaConstructor = typeof import('arima');

/** The model libraries, loaded and initialised for this thread. */
export type Libraries = { AutoETS: typeof Ets.AutoETS; ARIMA: ArimaConstructor };

let loading: Promise<Libraries> | undefined;

/**
 * Loads the libraries once per thread. augurs is ESM-only, so this CommonJS package imports it; its own loader
 * fetches the .wasm by URL, which Node cannot do for files, so it is initialised from the bytes beside it.
 */
export const loadLibraries = (): Promise<Libraries> =>
  (loading ??= (async () => {
    const [ets, arima] = await Promise.all([import('@bsull/augurs/ets'), import('arima')]);
    ets.initSync({ module: readFileSync(path.join(path.dirname(require.resolve('@bsull/augurs/ets')), 'ets_bg.wasm')) });
    return { AutoETS: ets.AutoETS, ARIMA: arima.default };
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  }));
