import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AUTH } from '@nivesh/proto';
import { AccountService, type CallerPayload } from './account.service';

/** GET /me and POST /logout (the gateway adds the caller). */
@Controller()
export class AccountHandler {
  constructor(private readonly account: AccountService) {}

  @MessagePattern(AUTH.me.pattern)
  me(@Payload() payload: CallerPayload) {
    return this.account.me(payload);
  }

  @MessagePattern(AUTH.logout.pattern)
  logout(@Payload() payload: CallerPayload) {
    return this.account.logout(payload);
  }
}
