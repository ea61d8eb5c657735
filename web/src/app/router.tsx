import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { StatusPage } from '../features/status/components/status-page';

/** A single page for now; every other path renders it too, until the full shell arrives. */
export const routes: RouteObject[] = [
  { path: '/', element: <StatusPage /> },
  { path: '*', element: <StatusPage /> },
];

export const createRouter = () => createBrowserRouter(routes);
