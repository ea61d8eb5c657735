import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type {
  AnalyticsActionPayload,
  AnalyticsPageVisitPayload,
  AnalyticsRecordedResponse,
  AnalyticsSessionEndPayload,
  AnalyticsSessionEndResponse,
  AnalyticsSessionStartPayload,
  AnalyticsSessionStartResponse,
  Caller,
} from '@nivesh/proto';
import type { AnalyticsSessionEntity } from './analytics-session.entity';
import { AnalyticsRepository } from './analytics.repository';

/** A session without a call for this long has been left; a call without a session id does not reopen it. */
export const ANALYTICS_SESSION_IDLE_MS = 30 * 60_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_INT = 2_147_483_647;

const NOT_RECORDED: AnalyticsRecordedResponse = { recorded: false, session_id: null };

// PostgreSQL text and jsonb cannot hold NUL; it is dropped rather than failing the call.
const withoutNul = (text: string): string => text.replaceAll('\u0000', '');
const nullableText = (text: string | null | undefined): string | null => (text == null ? null : withoutNul(text));

/** Action data as jsonb can hold it: NUL dropped from every key and string. */
export const storableJson = (value: unknown): unknown => {
  if (typeof value === 'string') return withoutNul(value);
  if (Array.isArray(value)) return value.map(storableJson);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [withoutNul(key), storableJson(item)]));
  return value;
};

/**
 * Opt-in analytics sessions (SPEC section 7): start, end, page visits and actions. Every call is best-effort: without
 * a session to attach to, it answers `recorded: false` (or `ended: false`) instead of failing, and the web only logs.
 */
@Injectable()
export class AnalyticsService {
  constructor(private readonly repository: AnalyticsRepository) {}

  async start({ page_name, caller }: AnalyticsSessionStartPayload, now = new Date()): Promise<AnalyticsSessionStartResponse> {
    const id = randomUUID();
    await this.repository.start({ id, user_id: caller?.user_id ?? null, page_name: withoutNul(page_name), at: now });
    return { session_id: id, started_at: now.toISOString() };
  }

  async end({ session_id, caller }: AnalyticsSessionEndPayload, now = new Date()): Promise<AnalyticsSessionEndResponse> {
    const session = await this.sessionFor(caller, session_id, now);
    const ended = session && (await this.repository.end(session.id, now));
    if (!ended?.ended_at) return { ended: false, session_id: null, duration_seconds: null };
    return { ended: true, session_id: ended.id, duration_seconds: Math.max(0, (ended.ended_at.getTime() - ended.started_at.getTime()) / 1000) };
  }

  async pageVisit({ session_id, page_name, referrer_page, caller }: AnalyticsPageVisitPayload, now = new Date()): Promise<AnalyticsRecordedResponse> {
    const session = await this.sessionFor(caller, session_id, now);
    if (!session) return NOT_RECORDED;
    await this.repository.addPageVisit(session, { page_name: withoutNul(page_name), referrer_page: nullableText(referrer_page), at: now });
    return { recorded: true, session_id: session.id };
  }

  async action(payload: AnalyticsActionPayload, now = new Date()): Promise<AnalyticsRecordedResponse> {
    const session = await this.sessionFor(payload.caller, payload.session_id, now);
    if (!session) return NOT_RECORDED;
    const responseTime = payload.response_time_ms;
    await this.repository.addAction(
      session,
      {
        action_type: withoutNul(payload.action_type),
        action_category: nullableText(payload.action_category),
        action_target: nullableText(payload.action_target),
        page_name: nullableText(payload.page_name),
        action_data: payload.action_data == null ? null : (storableJson(payload.action_data) as Record<string, unknown>),
        response_time_ms: responseTime == null ? null : Math.min(Math.round(responseTime), MAX_INT),
        success: payload.success,
        error_message: nullableText(payload.error_message),
      },
      now,
    );
    return { recorded: true, session_id: session.id };
  }

  /**
   * The session a call belongs to: the one it names, when it is open and the caller's (a session started without
   * signing in belongs to whoever holds its id); without a name, the caller's latest open session. Null when none.
   */
  private async sessionFor(caller: Caller | undefined, sessionId: string | null | undefined, now: Date): Promise<AnalyticsSessionEntity | null> {
    if (sessionId) {
      if (!UUID.test(sessionId)) return null;
      const session = await this.repository.findById(sessionId);
      if (!session || session.ended_at) return null;
      return session.user_id === null || session.user_id === caller?.user_id ? session : null;
    }
    if (!caller) return null;
    return this.repository.latestOpen(caller.user_id, new Date(now.getTime() - ANALYTICS_SESSION_IDLE_MS));
  }
}
