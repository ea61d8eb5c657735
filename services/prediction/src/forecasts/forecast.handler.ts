import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PREDICTION, type PredictPayload } from '@nivesh/proto';
import { ForecastService } from './forecast.service';

/** POST /predict and GET /api/predictions/accuracy. */
@Controller()
export class ForecastHandler {
  constructor(private readonly forecasts: ForecastService) {}

  @MessagePattern(PREDICTION.predict.pattern)
  predict(@Payload() payload: PredictPayload) {
    return this.forecasts.predict(payload);
  }

  @MessagePattern(PREDICTION.accuracy.pattern)
  accuracy() {
    return this.forecasts.trackRecord();
  }
}
