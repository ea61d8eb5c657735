import * as proto from '@nivesh/proto';
import { NOTIFICATION_PATHS } from './notification-values';

describe('notification values copied from @nivesh/proto', () => {
  it('calls each route at the path proto declares, all with a login; only marking read is a POST', () => {
    for (const [name, path] of Object.entries(NOTIFICATION_PATHS)) {
      const route = proto.ROUTES[name as keyof typeof NOTIFICATION_PATHS];
      expect([name, path, route.auth, route.method]).toEqual([
        name,
        route.path,
        'user',
        name === 'notificationsRead' ? 'POST' : 'GET',
      ]);
    }
  });
});
