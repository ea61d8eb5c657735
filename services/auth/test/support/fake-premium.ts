import { Controller, Inject, type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Entitlement, PREMIUM } from '@nivesh/proto';
import { RedisStreamsServer } from '@nivesh/platform';
import { REDIS_URL } from './harness';

const STATE = Symbol('FAKE_PREMIUM_STATE');
const NONE: Entitlement = { is_premium: false, premium_expires_at: null };

/** What the fake premium service knows and was asked. */
export type FakePremiumState = { entitlements: Map<string, Entitlement>; calls: string[][] };

@Controller()
class FakePremiumHandler {
  constructor(@Inject(STATE) private readonly state: FakePremiumState) {}

  @MessagePattern(PREMIUM.entitlements.pattern)
  entitlements(@Payload() payload: { user_ids: string[] }) {
    this.state.calls.push(payload.user_ids);
    return { entitlements: payload.user_ids.map((userId) => ({ user_id: userId, ...(this.state.entitlements.get(userId) ?? NONE) })) };
  }
}

/**
 * A premium service on the test's prefix that answers only PREMIUM.entitlements, from a map the test fills, so auth's
 * admin list can be tested with premium up (and, once stopped, down) without premium's database.
 */
export const startFakePremium = async (prefix: string) => {
  const state: FakePremiumState = { entitlements: new Map(), calls: [] };
  @Module({ controllers: [FakePremiumHandler], providers: [{ provide: STATE, useValue: state }] })
  class FakePremiumModule {}
  const server = new RedisStreamsServer({ redisUrl: REDIS_URL, prefix, service: 'premium', patterns: [PREMIUM.entitlements] });
  const app: INestMicroservice = await NestFactory.createMicroservice(FakePremiumModule, { strategy: server, logger: false });
  await app.listen();
  return { ...state, stop: () => app.close() };
};
