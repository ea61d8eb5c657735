/** The Technical Analysis page of one stock. */
export const technicalAnalysisHref = (symbol: string) => `/technical-analysis?${new URLSearchParams({ symbol }).toString()}`;
