import { Module } from '@nestjs/common';
import { HubHandler } from './hub.handler';
import { HubRepository } from './hub.repository';
import { HubRpc } from './hub.rpc';
import { HubService } from './hub.service';

/** The Intelligence Hub, beside Warren AI in the chat service (its config and Redis come from the service platform). */
@Module({
  controllers: [HubHandler],
  providers: [HubRpc, HubRepository, HubService],
})
export class HubModule {}
