import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AUTH, type ResendOtpRequest } from '@nivesh/proto';
import { ResendService } from './resend.service';

/** POST /resend-otp. */
@Controller()
export class ResendHandler {
  constructor(private readonly resendService: ResendService) {}

  @MessagePattern(AUTH.resendOtp.pattern)
  resend(@Payload() payload: ResendOtpRequest) {
    return this.resendService.resend(payload);
  }
}
