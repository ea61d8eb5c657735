import { ContextEntity } from './chats/context.entity';
import { MessageEntity } from './chats/message.entity';
import { UnansweredQuestionEntity } from './chats/unanswered-question.entity';

/** Every TypeORM entity of the chat schema. */
export const ENTITIES = [ContextEntity, MessageEntity, UnansweredQuestionEntity];
