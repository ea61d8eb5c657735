import { systemPatterns } from '../rpc';
import { ANALYTICS_RPC } from './analytics';

/** RPC patterns answered by services/tracking: analytics sessions and admin statistics (visitor events come by queue). */
export const TRACKING = {
  ...systemPatterns('tracking'),
  ...ANALYTICS_RPC,
};
