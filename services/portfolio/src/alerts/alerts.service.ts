import { Injectable } from '@nestjs/common';
import {
  ALERTS_FREE_MAX,
  ALERTS_PREMIUM_MAX,
  type AlertCreateRequest,
  type Alerts,
  DomainError,
  type Notifications,
} from '@nivesh/proto';
import { MarketDataClient } from '../portfolio/market-data.client';
import { describeAlert, newAlertState } from './rules';
import { AlertsRepository, type StoredAlert } from './alerts.repository';
import { PremiumClient } from './premium.client';

/** The alerts a user keeps and the notifications they leave. Evaluation is the job's (alerts.evaluator.ts). */
@Injectable()
export class AlertsService {
  constructor(
    private readonly alerts: AlertsRepository,
    private readonly market: MarketDataClient,
    private readonly premium: PremiumClient,
  ) {}

  async list(userId: string): Promise<Alerts> {
    const [stored, isPremium] = await Promise.all([this.alerts.forUser(userId), this.premium.isPremium(userId)]);
    return this.view(stored, isPremium);
  }

  /**
   * Stores an alert on a stock Nivesh has prices for. Its baseline is the stock's latest close (the one the user saw
   * when setting it), so it fires on a later close only. RSI alerts reach here only from premium accounts: the
   * gateway's premium-tool gate refuses the others.
   */
  async create(userId: string, request: AlertCreateRequest): Promise<Alerts> {
    const stocks = await this.market.stocks();
    if (!stocks.has(request.symbol)) throw new DomainError('not_found', `${request.symbol} is not a stock Nivesh has prices for.`);
    const isPremium = await this.premium.isPremium(userId);
    const limit = isPremium ? ALERTS_PREMIUM_MAX : ALERTS_FREE_MAX;
    const quote = await this.market.quote(request.symbol);
    const stored = await this.alerts.create(
      userId,
      { symbol: request.symbol, rule: request.rule, email: request.email, state: newAlertState(request.rule.kind, quote.as_of) },
      limit,
    );
    if (!stored) {
      const more = isPremium ? 'Delete one to add another.' : `Delete one to add another, or upgrade to Premium for up to ${ALERTS_PREMIUM_MAX}.`;
      throw new DomainError('conflict', `You have ${limit} alerts, the most ${isPremium ? 'a Premium account' : 'a free account'} can keep. ${more}`);
    }
    return this.view(await this.alerts.forUser(userId), isPremium);
  }

  async remove(userId: string, id: string): Promise<Alerts> {
    if (!(await this.alerts.delete(userId, id))) throw new DomainError('not_found', 'No such alert.');
    return this.list(userId);
  }

  async notifications(userId: string): Promise<Notifications> {
    const notifications = await this.alerts.notifications(userId);
    return { notifications, unread: notifications.filter((entry) => !entry.read).length };
  }

  async unread(userId: string): Promise<{ unread: number }> {
    return { unread: await this.alerts.unread(userId) };
  }

  async markRead(userId: string, ids?: readonly string[]): Promise<Notifications> {
    await this.alerts.markRead(userId, ids);
    return this.notifications(userId);
  }

  private async view(stored: readonly StoredAlert[], isPremium: boolean): Promise<Alerts> {
    const stocks = await this.market.stocks();
    return {
      alerts: stored.map((alert) => ({
        id: alert.id,
        symbol: alert.symbol,
        company: stocks.get(alert.symbol)?.company ?? alert.symbol,
        rule: { kind: alert.kind, params: alert.params } as Alerts['alerts'][number]['rule'],
        description: describeAlert(alert, alert.symbol),
        email: alert.email,
        created_at: alert.created_at,
        checked_through: alert.state.last_evaluated_date,
        last_fired: alert.state.last_fired_date,
        status: alert.paused ? 'paused' : 'active',
      })),
      limit: isPremium ? ALERTS_PREMIUM_MAX : ALERTS_FREE_MAX,
      is_premium: isPremium,
    };
  }
}
