import { AdminAuditEntity } from './admin/admin-audit.entity';
import { OtpChallengeEntity } from './otp/otp-challenge.entity';
import { PendingRegistrationEntity } from './registration/pending-registration.entity';
import { UserEntity } from './users/user.entity';

/** Every TypeORM entity of the auth schema. */
export const ENTITIES = [UserEntity, PendingRegistrationEntity, OtpChallengeEntity, AdminAuditEntity];
