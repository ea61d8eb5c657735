/** The provider does not know the symbol (HTTP 404, "No data found"); retrying cannot help. */
export class ProviderNotFoundError extends Error {
  constructor(readonly ticker: string, reason: string) {
    super(`${ticker}: ${reason}`);
    this.name = 'ProviderNotFoundError';
  }
}

/** The provider could not answer now (network, timeout, 429/5xx, no rate-limit slot in time); a later try may work. */
export class ProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}
