import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CHAT, type ChatQueryRequest, type ChatTechnicalStartRequest } from '@nivesh/proto';
import { ChatService } from './chat.service';

/** The four chat calls of the specification. */
@Controller()
export class ChatHandler {
  constructor(private readonly chats: ChatService) {}

  @MessagePattern(CHAT.sentimentStart.pattern)
  sentimentStart() {
    return this.chats.start('sentiment');
  }

  @MessagePattern(CHAT.technicalStart.pattern)
  technicalStart(@Payload() payload: ChatTechnicalStartRequest) {
    return this.chats.start('technical', payload.ticker);
  }

  @MessagePattern(CHAT.sentimentQuery.pattern)
  sentimentQuery(@Payload() payload: ChatQueryRequest) {
    return this.chats.query('sentiment', payload);
  }

  @MessagePattern(CHAT.technicalQuery.pattern)
  technicalQuery(@Payload() payload: ChatQueryRequest) {
    return this.chats.query('technical', payload);
  }
}
