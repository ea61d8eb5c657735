import type { Entitlement, User } from '@nivesh/proto';
import type { UserEntity } from './user.entity';

/** The session user of the contract, with the premium entitlement the premium service reported. */
export const toUserView = (user: UserEntity, premium: Entitlement): User => ({
  user_id: user.id,
  username: user.username,
  email: user.email,
  is_admin: user.isAdmin,
  is_premium: premium.is_premium,
  created_at: user.createdAt.toISOString(),
  premium_expires_at: premium.premium_expires_at,
});
