import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** GET /api/system/ping?service=…: one RPC round trip from the gateway to a service and back. */
export type Ping = {
  pong: true;
  service: string;
  instance: string;
};

// TODO: parse with PingResultSchema from @nivesh/proto once proto has its browser entry.
export const parsePing = (body: unknown): Ping | null => {
  if (typeof body !== 'object' || body === null) return null;
  const { pong, service, instance } = body as { pong?: unknown; service?: unknown; instance?: unknown };
  if (pong !== true || typeof service !== 'string' || typeof instance !== 'string') return null;
  return { pong, service, instance };
};

export const getPing = (service: string, signal?: AbortSignal): Promise<Ping> =>
  apiGet(`/api/system/ping?${new URLSearchParams({ service }).toString()}`, { parse: parsePing, signal });

export const pingQueryOptions = (service: string) =>
  queryOptions({
    queryKey: ['system', 'ping', service] as const,
    queryFn: ({ signal }) => getPing(service, signal),
    refetchInterval: 30_000,
  });

export const usePing = (service: string) => useQuery(pingQueryOptions(service));
