import { Injectable } from '@nestjs/common';

/**
 * The instant the market service takes as now for the trading calendar: the real clock, unless a replay has set it
 * (the demo's replayed evenings and the integration test's simulated ones move it forward; `set(null)` returns to
 * the real clock). Freshness and the daily runs both read it, so a replayed evening is judged as that evening.
 */
@Injectable()
export class MarketClock {
  private fixed: Date | null = null;

  now(): Date {
    return this.fixed ? new Date(this.fixed) : new Date();
  }

  set(at: Date | null): void {
    this.fixed = at ? new Date(at) : null;
  }

  get replaying(): boolean {
    return this.fixed !== null;
  }
}
