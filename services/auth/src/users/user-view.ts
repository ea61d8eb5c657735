import type { User } from '@nivesh/proto';
import type { UserEntity } from './user.entity';

/** The session user of the contract. Premium belongs to the premium service; until it answers, none. */
export const toUserView = (user: UserEntity): User => ({
  user_id: user.id,
  username: user.username,
  email: user.email,
  is_admin: user.isAdmin,
  is_premium: false,
  created_at: user.createdAt.toISOString(),
  premium_expires_at: null,
});
