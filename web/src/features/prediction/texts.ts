/** Texts of the TrendVision form that the specification quotes (sections 5 and 8), verbatim. */
export const PREDICTION_TEXTS = {
  emptyTicker: 'Please enter a ticker symbol',
  predictionFailed: 'Prediction failed',
  requestFailed: 'An error occurred while fetching the prediction',
} as const;
