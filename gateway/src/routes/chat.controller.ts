import { Controller } from '@nestjs/common';
import { ROUTES } from '@nivesh/proto';
import { Input, RequestId, Route, type RouteInput } from '../http/route.decorator';
import { RpcGateway } from '../rpc/rpc-gateway';

type R = typeof ROUTES;

/** Warren AI chat (no auth header is sent): forwarded to services/chat. */
@Controller()
export class ChatController {
  constructor(private readonly rpc: RpcGateway) {}

  @Route(ROUTES.chatSentimentStart)
  chatSentimentStart(@Input() input: RouteInput<R['chatSentimentStart']>, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.chatSentimentStart.rpc, input, { correlationId });
  }

  @Route(ROUTES.chatTechnicalStart)
  chatTechnicalStart(@Input() input: RouteInput<R['chatTechnicalStart']>, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.chatTechnicalStart.rpc, input, { correlationId });
  }

  @Route(ROUTES.chatSentimentQuery)
  chatSentimentQuery(@Input() input: RouteInput<R['chatSentimentQuery']>, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.chatSentimentQuery.rpc, input, { correlationId });
  }

  @Route(ROUTES.chatTechnicalQuery)
  chatTechnicalQuery(@Input() input: RouteInput<R['chatTechnicalQuery']>, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.chatTechnicalQuery.rpc, input, { correlationId });
  }
}
