/** The paths of the chat routes, by their names in `ROUTES`. */
export const CHAT_PATHS = {
  chatSentimentStart: '/chat/sentiment/start',
  chatTechnicalStart: '/chat/technical/start',
  chatSentimentQuery: '/chat/sentiment/query',
  chatTechnicalQuery: '/chat/technical/query',
} as const;
