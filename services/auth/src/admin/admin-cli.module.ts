import { serviceRoot, type ServiceConfig } from '@nivesh/platform';
import { ENTITIES } from '../entities';
import { MIGRATIONS, SCHEMA } from '../migrations';
import { SessionRepository } from '../sessions/session.repository';
import { PasswordHasher } from '../users/password-hasher';
import { UsersRepository } from '../users/users.repository';
import { AdminService } from './admin.service';

/** What the create-admin CLI needs: the database, Redis sessions, and no transport, queue or secrets. */
export const AdminCliModule = serviceRoot<ServiceConfig>({
  service: 'auth',
  database: { schema: SCHEMA, migrations: MIGRATIONS, entities: ENTITIES },
  providers: [UsersRepository, SessionRepository, PasswordHasher, AdminService],
});
