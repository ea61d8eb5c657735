import { Inject, Injectable } from '@nestjs/common';
import { QUEUES } from '@nivesh/proto';
import { type JobHandlers, QueueProcessor, SERVICE_CONFIG } from '@nivesh/platform';
import type { Config } from '../config';
import { AlertsEvaluator } from './alerts.evaluator';

const SCHEDULER_ID = 'portfolio-alerts-safety-net';

/**
 * The worker of the `portfolio-alerts` queue: the market service queues an evaluation after every import that adds
 * data. A job scheduler also queues one every PORTFOLIO_ALERTS_EVERY_MINUTES, so an evaluation whose job could not be
 * queued (Redis unreachable at that moment) still happens; with no new trading day it changes nothing.
 */
@Injectable()
export class AlertsProcessor extends QueueProcessor<typeof QUEUES.portfolioAlerts> {
  constructor(
    @Inject(SERVICE_CONFIG) config: Config,
    private readonly evaluator: AlertsEvaluator,
  ) {
    super({
      queue: QUEUES.portfolioAlerts,
      config,
      concurrency: 1,
      words: 'alerts',
      schedules: [{ id: SCHEDULER_ID, repeat: { every: config.PORTFOLIO_ALERTS_EVERY_MINUTES * 60_000 }, name: 'evaluate', data: { version: 'scheduled' } }],
    });
  }

  protected handlers(): JobHandlers<typeof QUEUES.portfolioAlerts> {
    return { evaluate: () => this.evaluator.evaluate() };
  }
}
