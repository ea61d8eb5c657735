import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type CancelPayload,
  PREMIUM,
  type PremiumDevicePayload,
  type PremiumStatusPayload,
  type SubscribePayload,
  type ToolAccessPayload,
} from '@nivesh/proto';
import { PremiumService } from './premium.service';

/** The premium calls of the specification, the device move, the entitlements auth asks for (one account, or a page of them), and the payment dead letters. */
@Controller()
export class PremiumHandler {
  constructor(private readonly premium: PremiumService) {}

  @MessagePattern(PREMIUM.status.pattern)
  status(@Payload() payload: PremiumStatusPayload) {
    return this.premium.status(payload);
  }

  @MessagePattern(PREMIUM.subscribe.pattern)
  subscribe(@Payload() payload: SubscribePayload) {
    return this.premium.subscribe(payload);
  }

  @MessagePattern(PREMIUM.cancel.pattern)
  cancel(@Payload() payload: CancelPayload) {
    return this.premium.cancel(payload);
  }

  @MessagePattern(PREMIUM.claimDevice.pattern)
  claimDevice(@Payload() payload: PremiumDevicePayload) {
    return this.premium.claimDevice(payload);
  }

  @MessagePattern(PREMIUM.toolAccess.pattern)
  toolAccess(@Payload() payload: ToolAccessPayload) {
    return this.premium.toolAccess(payload);
  }

  @MessagePattern(PREMIUM.entitlement.pattern)
  entitlement(@Payload() payload: { user_id: string }) {
    return this.premium.entitlement(payload.user_id);
  }

  @MessagePattern(PREMIUM.entitlements.pattern)
  entitlements(@Payload() payload: { user_ids: string[] }) {
    return this.premium.entitlements(payload.user_ids);
  }

  /** For the administrators' system status, which the gateway serves (admins only). */
  @MessagePattern(PREMIUM.paymentDeadLetters.pattern)
  paymentDeadLetters(@Payload() payload: { limit: number }) {
    return this.premium.paymentDeadLetters(payload.limit);
  }
}
