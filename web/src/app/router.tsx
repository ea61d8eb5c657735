import { Suspense, lazy } from 'react';
import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { AppLayout } from './layout';
import type { RouteHandle } from './layout';

const DashboardPage = lazy(() => import('./routes/dashboard').then((module) => ({ default: module.DashboardPage })));
const ProfileRoute = lazy(() => import('./routes/profile').then((module) => ({ default: module.ProfileRoute })));
const NotFoundPage = lazy(() => import('./routes/not-found').then((module) => ({ default: module.NotFoundPage })));

/** A lazily loaded page with its 'Loading {page}...' fallback. */
const page = (Page: ComponentType, name: string) => (
  <Suspense fallback={<PageLoading page={name} />}>
    <Page />
  </Suspense>
);

const signIn: RouteHandle = { authView: 'signin' };
const register: RouteHandle = { authView: 'register' };

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: page(DashboardPage, 'Dashboard') },
      { path: 'dashboard', element: page(DashboardPage, 'Dashboard') },
      // The same login/registration screen, over the dashboard.
      { path: 'login', element: page(DashboardPage, 'Dashboard'), handle: signIn },
      { path: 'register', element: page(DashboardPage, 'Dashboard'), handle: register },
      { path: 'profile', element: page(ProfileRoute, 'Profile') },
      { path: '*', element: page(NotFoundPage, 'page') },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
