import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PREDICTION, type PredictPayload } from '@nivesh/proto';
import { ForecastService } from './forecast.service';
import { LiveRecordService } from './live-record.service';

/** POST /predict, GET /api/predictions/accuracy and GET /api/predictions/live-record. */
@Controller()
export class ForecastHandler {
  constructor(
    private readonly forecasts: ForecastService,
    private readonly live: LiveRecordService,
  ) {}

  @MessagePattern(PREDICTION.predict.pattern)
  predict(@Payload() payload: PredictPayload) {
    return this.forecasts.predict(payload);
  }

  @MessagePattern(PREDICTION.accuracy.pattern)
  accuracy() {
    return this.forecasts.trackRecord();
  }

  @MessagePattern(PREDICTION.liveRecord.pattern)
  liveRecord() {
    return this.live.liveRecord();
  }
}
