import { Injectable } from '@nestjs/common';
import type { OtpPurpose, ResendOtpRequest, ResendOtpResponse } from '@nivesh/proto';
import { Clock } from '../common/clock';
import { normalizeEmail } from '../common/email';
import { ResponseFloor } from '../common/response-floor';
import { MESSAGES } from '../messages';
import { OtpService, otpSent } from '../otp/otp.service';
import { PendingRegistrationRepository } from '../registration/pending-registration.repository';
import { UsersRepository } from '../users/users.repository';

type Recipient = { username: string; userId: string | null };

/**
 * POST /resend-otp: a fresh code for a flow already started for the address (a pending registration, or
 * an open login or reset challenge, which only a checked password or a matching username made). The
 * answer is the same whether or not a code went out.
 */
@Injectable()
export class ResendService {
  constructor(
    private readonly otp: OtpService,
    private readonly users: UsersRepository,
    private readonly pending: PendingRegistrationRepository,
    private readonly floor: ResponseFloor,
    private readonly clock: Clock,
  ) {}

  resend(input: ResendOtpRequest): Promise<ResendOtpResponse> {
    return this.floor.pad(async () => {
      const email = normalizeEmail(input.email);
      await this.otp.startCooldown(input.otp_type, email);
      const recipient = await this.recipient(input.otp_type, email);
      if (recipient) await this.otp.issue({ purpose: input.otp_type, email, ...recipient });
      return otpSent(MESSAGES.codeResent);
    });
  }

  private async recipient(purpose: OtpPurpose, email: string): Promise<Recipient | undefined> {
    if (purpose === 'registration') {
      const registration = await this.pending.findLive(email, this.clock.now());
      return registration ? { username: registration.username, userId: null } : undefined;
    }
    const user = await this.users.findByEmail(email);
    if (!user || !(await this.otp.hasOpen(purpose, email))) return undefined;
    return { username: user.username, userId: user.id };
  }
}
