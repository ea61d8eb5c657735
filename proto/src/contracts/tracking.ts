import { systemPatterns } from '../rpc';
import { ANALYTICS_RPC } from './analytics';
import { VISITOR_RPC } from './visitor';

/** RPC patterns answered by services/tracking: analytics sessions, admin statistics, visitors. */
export const TRACKING = {
  ...systemPatterns('tracking'),
  ...ANALYTICS_RPC,
  ...VISITOR_RPC,
};
