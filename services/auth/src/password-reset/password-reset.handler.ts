import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AUTH, type ForgotPasswordRequest, type ResetPasswordRequest } from '@nivesh/proto';
import { PasswordResetService } from './password-reset.service';

/** POST /api/auth/forgot-password and /api/auth/reset-password. */
@Controller()
export class PasswordResetHandler {
  constructor(private readonly passwordReset: PasswordResetService) {}

  @MessagePattern(AUTH.forgotPassword.pattern)
  forgot(@Payload() payload: ForgotPasswordRequest) {
    return this.passwordReset.forgot(payload);
  }

  @MessagePattern(AUTH.resetPassword.pattern)
  reset(@Payload() payload: ResetPasswordRequest) {
    return this.passwordReset.reset(payload);
  }
}
