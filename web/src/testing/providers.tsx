import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { Providers } from '../app/providers';

/** A query client for tests: no retries, no polling unless a test turns it on. */
export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, refetchInterval: false }, mutations: { retry: false } } });

/** Renders a widget outside the app shell with the app's providers (a fresh query client), as hooks such as usePremium need. */
export const renderWithProviders = (ui: ReactElement) => {
  const queryClient = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <Providers queryClient={queryClient}>{children}</Providers>;
  return { ...render(ui, { wrapper }), queryClient };
};
