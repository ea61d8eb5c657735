import { Suspense, lazy, useEffect, useState } from 'react';
import { afterFirstLoad } from '../../../lib/after-first-load';

// The bell's code is not in the first load: the header stays inside the bundle budget, and visitors never load it.
const NotificationBell = lazy(() => import('./notification-bell').then((m) => ({ default: m.NotificationBell })));

/**
 * Where the header holds a logged-in user's notification bell: empty until the page has loaded, so the bell and its
 * first count never compete with the page itself.
 */
export function NotificationBellSlot() {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstLoad(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <NotificationBell />
    </Suspense>
  );
}
