import { systemPatterns } from '../rpc';

/** RPC patterns answered by services/market (its calls arrive in a later issue). */
export const MARKET = {
  ...systemPatterns('market'),
};
