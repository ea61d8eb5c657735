/**
 * What a page says about a feature that is not built yet: plainly that it is not available, nothing about what it
 * will hold (a feature is described when it arrives). One place, so pages agree.
 */
export const PENDING = {
  news: 'AI News is not available yet.',
  portfolio: 'The portfolio is not available yet.',
  hub: 'The Intelligence Hub is not available yet.',
  blog: 'The blog is not available yet.',
} as const;
