import { RECONCILIATION_EVENT_ID_PREFIX } from '../subscriptions/events';
import {
  type PaymentProvider,
  type ProviderEvent,
  type ProviderEventType,
  type ProviderSubscriptionState,
  type ProviderSubscriptionStatus,
  ProviderSubscriptionNotFound,
  ProviderUnavailable,
} from './provider';

/** A subscription we still think awaits its first payment. */
export type PendingSubscription = { providerSubscriptionId: string };

export type ReconcileSkipReason = 'provider unreachable' | 'not found' | 'failed';
export type ReconcileSkip = { providerSubscriptionId: string; reason: ReconcileSkipReason; detail?: string };

/** What one reconciliation run found: events to apply, subscriptions still waiting, and those it could not ask about. */
export type ReconcileReport = { events: ProviderEvent[]; unchanged: string[]; skipped: ReconcileSkip[] };

/**
 * How a provider state reads for a subscription still pending on our side. Still `created` or merely
 * `authenticated` (mandate given, first charge not yet made) is no news. An `expired` link was never
 * paid, and `pending` means a charge failed: both are failed payments.
 */
const EVENT_FOR_STATUS: Readonly<Partial<Record<ProviderSubscriptionStatus, ProviderEventType>>> = {
  active: 'activated',
  pending: 'payment_failed',
  expired: 'payment_failed',
  halted: 'halted',
  cancelled: 'cancelled',
  completed: 'completed',
};

/**
 * The event a fetched state stands for, if it moved. The id is derived from what was observed, so
 * seeing the same state on the next run yields the same id and deduplicates.
 */
export const eventForState = (providerSubscriptionId: string, state: ProviderSubscriptionState, occurredAt: Date): ProviderEvent | undefined => {
  const type = EVENT_FOR_STATUS[state.status];
  if (!type) return undefined;
  return {
    id: `${RECONCILIATION_EVENT_ID_PREFIX}${providerSubscriptionId}:${state.status}:${state.currentStart ?? ''}`,
    type,
    provider_subscription_id: providerSubscriptionId,
    ...(state.currentStart ? { period_start: state.currentStart } : {}),
    ...(state.currentEnd ? { period_end: state.currentEnd } : {}),
    occurred_at: occurredAt.toISOString(),
  };
};

/**
 * Asks the provider about each subscription stuck pending and turns the ones that moved into events.
 * Once the provider proves unreachable, the rest of the run is skipped rather than made to wait for a
 * timeout each; they are asked again on the next run.
 */
export const reconcilePending = async (
  pending: readonly PendingSubscription[],
  provider: Pick<PaymentProvider, 'fetchSubscription'>,
  now: () => Date = () => new Date(),
): Promise<ReconcileReport> => {
  const report: ReconcileReport = { events: [], unchanged: [], skipped: [] };
  let unreachable = false;
  for (const { providerSubscriptionId } of pending) {
    if (unreachable) {
      report.skipped.push({ providerSubscriptionId, reason: 'provider unreachable' });
      continue;
    }
    try {
      const state = await provider.fetchSubscription(providerSubscriptionId);
      const event = eventForState(providerSubscriptionId, state, now());
      if (event) report.events.push(event);
      else report.unchanged.push(providerSubscriptionId);
    } catch (error) {
      if (error instanceof ProviderUnavailable) {
        unreachable = true;
        report.skipped.push({ providerSubscriptionId, reason: 'provider unreachable', detail: describe(error.cause ?? error) });
      } else if (error instanceof ProviderSubscriptionNotFound) {
        report.skipped.push({ providerSubscriptionId, reason: 'not found' });
      } else {
        report.skipped.push({ providerSubscriptionId, reason: 'failed', detail: describe(error) });
      }
    }
  }
  return report;
};

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));
