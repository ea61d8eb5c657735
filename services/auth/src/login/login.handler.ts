import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AUTH, type GetUserEmailRequest, type LoginRequest, type LoginRequestOtpRequest, type LoginVerifyOtpRequest } from '@nivesh/proto';
import { LoginService } from './login.service';

/** POST /login-request-otp, /login-verify-otp, /auth/login and /get-user-email. */
@Controller()
export class LoginHandler {
  constructor(private readonly login: LoginService) {}

  @MessagePattern(AUTH.loginRequestOtp.pattern)
  requestOtp(@Payload() payload: LoginRequestOtpRequest) {
    return this.login.requestOtp(payload);
  }

  @MessagePattern(AUTH.loginVerifyOtp.pattern)
  verifyOtp(@Payload() payload: LoginVerifyOtpRequest) {
    return this.login.verifyOtp(payload);
  }

  @MessagePattern(AUTH.login.pattern)
  directLogin(@Payload() payload: LoginRequest) {
    return this.login.login(payload);
  }

  @MessagePattern(AUTH.getUserEmail.pattern)
  getUserEmail(@Payload() payload: GetUserEmailRequest) {
    return this.login.getUserEmail(payload);
  }
}
