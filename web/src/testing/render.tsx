import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { Providers } from '../app/providers';
import { routes as appRoutes } from '../app/router';
import { testQueryClient } from './providers';

export { testQueryClient };

/** Renders routes (the app's by default) in memory at `path`. */
export const renderRoutes = (path: string, routes: RouteObject[] = appRoutes) => {
  const queryClient = testQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, queryClient };
};
