import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CONTENT } from '@nivesh/proto';
import type { z } from 'zod';
import { PostsService } from './posts.service';

type Payloads = { [P in keyof typeof CONTENT]: z.output<(typeof CONTENT)[P]['payload']> };

/** The blog calls of the gateway: the public list and posts, the feed, and the admins' writing and publishing. */
@Controller()
export class PostsHandler {
  constructor(private readonly posts: PostsService) {}

  @MessagePattern(CONTENT.list.pattern)
  list(@Payload() { caller, tag }: Payloads['list']) {
    return this.posts.list(caller, tag);
  }

  @MessagePattern(CONTENT.post.pattern)
  post(@Payload() { caller, slug }: Payloads['post']) {
    return this.posts.post(slug, caller);
  }

  @MessagePattern(CONTENT.tags.pattern)
  tags() {
    return this.posts.tags();
  }

  @MessagePattern(CONTENT.feed.pattern)
  async feed() {
    return { posts: await this.posts.feed() };
  }

  @MessagePattern(CONTENT.adminList.pattern)
  async adminList() {
    return { posts: await this.posts.adminList() };
  }

  @MessagePattern(CONTENT.adminGet.pattern)
  adminGet(@Payload() { id }: Payloads['adminGet']) {
    return this.posts.adminGet(id);
  }

  @MessagePattern(CONTENT.create.pattern)
  create(@Payload() { caller, ...input }: Payloads['create']) {
    return this.posts.create(caller, input);
  }

  @MessagePattern(CONTENT.update.pattern)
  update(@Payload() { caller: _caller, ...input }: Payloads['update']) {
    return this.posts.update(input);
  }

  @MessagePattern(CONTENT.publish.pattern)
  publish(@Payload() { id }: Payloads['publish']) {
    return this.posts.publish(id);
  }

  @MessagePattern(CONTENT.unpublish.pattern)
  unpublish(@Payload() { id }: Payloads['unpublish']) {
    return this.posts.unpublish(id);
  }

  @MessagePattern(CONTENT.delete.pattern)
  delete(@Payload() { id }: Payloads['delete']) {
    return this.posts.delete(id);
  }

  @MessagePattern(CONTENT.preview.pattern)
  preview(@Payload() { markdown, excerpt }: Payloads['preview']) {
    return this.posts.preview(markdown, excerpt);
  }
}
