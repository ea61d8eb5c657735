import { Inject, Injectable } from '@nestjs/common';
import { DomainError, HUB, HUB_ROUTES, type Caller, type HubRun } from '@nivesh/proto';
import type { Logger } from '@nivesh/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from '../auth/caller';
import { apiRoute, type ApiRoute, type RouteInput } from '../http/api-route';
import { RpcGateway } from '../rpc/rpc-gateway';
import { LOGGER } from '../tokens';
import { EventStream } from './event-stream';

/** Said in an `error` event when the report could not be made for a reason not meant for people. */
export const REPORT_FAILED = 'The report could not be completed. Please try again.';

const detailOf = (error: unknown): string => (error instanceof DomainError && error.code !== 'internal' ? error.message : REPORT_FAILED);

/**
 * GET /api/hub/stream: the Intelligence Hub's report on a stock as server-sent events, an `agent` event as each agent
 * finishes, then `report` (or `error`). The chat service does the work; this route only forwards and writes events:
 *
 * 1. `hub.start` checks the stock (an unknown one is a plain 404 before any event) and answers either the report kept
 *    for the current data version, sent at once as its agents and itself, or a run id;
 * 2. one `hub.agent` call per agent, side by side, each written as it comes back; a call that fails is skipped here,
 *    since the report runs that agent again;
 * 3. `hub.report` with the run id, which reuses what the run's agents found.
 *
 * Every call has a deadline, so a stream ends within seconds. A client that leaves stops the stream: no more events
 * are written and the report is not asked for (agent calls already sent finish in the chat service, unread).
 */
@Injectable()
export class HubStreamRoutes {
  readonly routes: readonly ApiRoute[] = [apiRoute(HUB_ROUTES.hubStream, (input, request, reply) => this.stream(input, request, reply))];

  constructor(
    private readonly rpc: RpcGateway,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  private async stream(input: RouteInput<typeof HUB_ROUTES.hubStream>, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    // RouteAccess found the caller of this 'user' route before it runs.
    const caller = callerOf(request)!;
    const correlationId = request.id;
    const run = await this.rpc.call(HUB.start, { symbol: input.symbol, caller }, { correlationId });
    const events = new EventStream(reply);
    events.comment(`Intelligence Hub: ${run.symbol}`);
    if (run.report) {
      for (const agent of run.report.agents) events.send('agent', agent);
      events.send('report', run.report);
    } else if (run.run_id) {
      await this.runAgents(run, run.run_id, caller, correlationId, events);
      if (events.open) {
        try {
          events.send('report', await this.rpc.call(HUB.report, { symbol: run.symbol, run_id: run.run_id, caller }, { correlationId }));
        } catch (error) {
          this.logger.warn({ err: error, reqId: correlationId }, 'hub report failed');
          events.send('error', { detail: detailOf(error) });
        }
      }
    }
    events.end();
    return reply;
  }

  private async runAgents(run: HubRun, runId: string, caller: Caller, correlationId: string, events: EventStream): Promise<void> {
    await Promise.all(
      run.agents.map(async (agent) => {
        try {
          const result = await this.rpc.call(HUB.agent, { symbol: run.symbol, agent, run_id: runId, caller }, { correlationId });
          events.send('agent', result);
        } catch (error) {
          this.logger.warn({ err: error, reqId: correlationId, agent }, 'hub agent call failed; the report runs it again');
        }
      }),
    );
  }
}
