/** The paths of the system routes, by their names in `ROUTES`. */
export const SYSTEM_PATHS = {
  systemPing: '/api/system/ping',
  systemCompliance: '/api/system/compliance',
  systemStatus: '/api/system/status',
} as const;
