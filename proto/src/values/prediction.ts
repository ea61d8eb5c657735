/** The paths of the prediction routes, by their names in `ROUTES`. */
export const PREDICTION_PATHS = {
  predict: '/predict',
  predictionAccuracy: '/api/predictions/accuracy',
  predictionLiveRecord: '/api/predictions/live-record',
} as const;
