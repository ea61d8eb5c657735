import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, parseWith } from './api-client';
import { SYSTEM_PATHS } from '@nivesh/proto/values';

/**
 * GET /api/system/compliance (open to all): the compliance profile this deployment runs under, its date rules in
 * sentences and, under `registered`, the research analyst's registration. Shared by TrendVision and /about.
 */
export const getCompliance = (signal?: AbortSignal) => apiGet(SYSTEM_PATHS.systemCompliance, { parse: parseWith((c) => c.ComplianceSchema), signal });

/** The profile changes only when the deployment is reconfigured, so an answer is kept for an hour. */
export const complianceQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'compliance'] as const,
    queryFn: ({ signal }) => getCompliance(signal),
    staleTime: 60 * 60_000,
    refetchOnWindowFocus: false,
  });

/** The deployment's compliance profile; `enabled: false` holds the request until it is needed. */
export const useCompliance = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...complianceQueryOptions(), enabled });
