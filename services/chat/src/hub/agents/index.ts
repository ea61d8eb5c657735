import type { HubAgentName } from '@nivesh/proto';
import type { HubAgent } from './agent';
import { forecastAgent } from './forecast.agent';
import { newsAgent } from './news.agent';
import { riskAgent } from './risk.agent';
import { sentimentAgent } from './sentiment.agent';
import { technicalAgent } from './technical.agent';
import { valuationAgent } from './valuation.agent';

export type { AgentAnswer, AgentReader, AgentRequest, HubAgent, InputLabel } from './agent';
export { AgentUnavailableError } from './agent';

/** Every agent of the Hub, in the order of HUB_AGENTS (the page's order). */
export const HUB_AGENT_SET: Readonly<Record<HubAgentName, HubAgent>> = {
  technical: technicalAgent,
  sentiment: sentimentAgent,
  risk: riskAgent,
  valuation: valuationAgent,
  forecast: forecastAgent,
  news: newsAgent,
};
