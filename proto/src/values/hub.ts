/** The paths of the hub routes, by their names in `ROUTES`. */
export const HUB_PATHS = {
  hubStream: '/api/hub/stream',
  hubReport: '/api/hub/report',
} as const;
