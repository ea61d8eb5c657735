import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@nivesh/platform';
import type { Config } from '../config';
import { usernameKey } from '../common/email';

/** ADMIN_USERNAMES: those usernames are admins when they register or log in (case-insensitive). */
@Injectable()
export class AdminUsernames {
  private readonly names: ReadonlySet<string>;

  constructor(@Inject(SERVICE_CONFIG) config: Pick<Config, 'ADMIN_USERNAMES'>) {
    this.names = new Set(config.ADMIN_USERNAMES.map(usernameKey));
  }

  includes(username: string): boolean {
    return this.names.has(usernameKey(username));
  }
}
