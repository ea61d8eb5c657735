import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AUTH, type RegisterRequestOtpRequest, type RegisterVerifyOtpRequest } from '@nivesh/proto';
import { RegistrationService } from './registration.service';

/** POST /register-request-otp and /register-verify-otp. */
@Controller()
export class RegistrationHandler {
  constructor(private readonly registration: RegistrationService) {}

  @MessagePattern(AUTH.registerRequestOtp.pattern)
  requestOtp(@Payload() payload: RegisterRequestOtpRequest) {
    return this.registration.requestOtp(payload);
  }

  @MessagePattern(AUTH.registerVerifyOtp.pattern)
  verifyOtp(@Payload() payload: RegisterVerifyOtpRequest) {
    return this.registration.verifyOtp(payload);
  }
}
