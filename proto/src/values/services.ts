/** The services that answer RPC; each owns one request stream. */
export const SERVICE_NAMES = ['auth', 'premium', 'chat', 'prediction', 'tracking', 'market', 'portfolio', 'content'] as const;
