import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ALERTS } from '@nivesh/proto';
import type { z } from 'zod';
import { AlertsService } from './alerts.service';

type Payloads = { [P in keyof typeof ALERTS]: z.output<(typeof ALERTS)[P]['payload']> };

/** The gateway's calls for price alerts and the notifications they leave. */
@Controller()
export class AlertsHandler {
  constructor(private readonly alerts: AlertsService) {}

  @MessagePattern(ALERTS.alerts.pattern)
  list(@Payload() { caller }: Payloads['alerts']) {
    return this.alerts.list(caller.user_id);
  }

  @MessagePattern(ALERTS.createAlert.pattern)
  create(@Payload() { caller, ...request }: Payloads['createAlert']) {
    return this.alerts.create(caller.user_id, request);
  }

  @MessagePattern(ALERTS.deleteAlert.pattern)
  remove(@Payload() { caller, id }: Payloads['deleteAlert']) {
    return this.alerts.remove(caller.user_id, id);
  }

  @MessagePattern(ALERTS.notifications.pattern)
  notifications(@Payload() { caller }: Payloads['notifications']) {
    return this.alerts.notifications(caller.user_id);
  }

  @MessagePattern(ALERTS.unreadNotifications.pattern)
  unread(@Payload() { caller }: Payloads['unreadNotifications']) {
    return this.alerts.unread(caller.user_id);
  }

  @MessagePattern(ALERTS.markNotificationsRead.pattern)
  markRead(@Payload() { caller, ids }: Payloads['markNotificationsRead']) {
    return this.alerts.markRead(caller.user_id, ids);
  }
}
