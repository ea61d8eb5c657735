import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PORTFOLIO } from '@nivesh/proto';
import type { z } from 'zod';
import { PortfolioService } from './portfolio.service';
import { WatchlistsService } from './watchlists.service';

type Payloads = { [P in keyof typeof PORTFOLIO]: z.output<(typeof PORTFOLIO)[P]['payload']> };

/** The portfolio calls of the gateway: transactions, trade-book imports, the summary and the open example. */
@Controller()
export class PortfolioHandler {
  constructor(
    private readonly portfolio: PortfolioService,
    private readonly watchlists: WatchlistsService,
  ) {}

  @MessagePattern(PORTFOLIO.listTransactions.pattern)
  async list(@Payload() { caller }: Payloads['listTransactions']) {
    return { transactions: await this.portfolio.list(caller.user_id) };
  }

  @MessagePattern(PORTFOLIO.addTransaction.pattern)
  add(@Payload() { caller, ...input }: Payloads['addTransaction']) {
    return this.portfolio.add(caller.user_id, input);
  }

  @MessagePattern(PORTFOLIO.deleteTransaction.pattern)
  async remove(@Payload() { caller, id }: Payloads['deleteTransaction']) {
    return { transactions: await this.portfolio.remove(caller.user_id, id) };
  }

  @MessagePattern(PORTFOLIO.importTradebook.pattern)
  importTradebook(@Payload() { caller, csv }: Payloads['importTradebook']) {
    return this.portfolio.importTradebook(caller.user_id, csv);
  }

  @MessagePattern(PORTFOLIO.summary.pattern)
  summary(@Payload() { caller }: Payloads['summary']) {
    return this.portfolio.summary(caller.user_id);
  }

  @MessagePattern(PORTFOLIO.whatIf.pattern)
  whatIf(@Payload() { caller }: Payloads['whatIf']) {
    return this.portfolio.whatIf(caller.user_id);
  }

  @MessagePattern(PORTFOLIO.example.pattern)
  example() {
    return this.portfolio.example();
  }

  @MessagePattern(PORTFOLIO.watchlists.pattern)
  async listWatchlists(@Payload() { caller }: Payloads['watchlists']) {
    return { watchlists: await this.watchlists.list(caller.user_id) };
  }

  @MessagePattern(PORTFOLIO.createWatchlist.pattern)
  async createWatchlist(@Payload() { caller, name }: Payloads['createWatchlist']) {
    return { watchlists: await this.watchlists.create(caller.user_id, name) };
  }

  @MessagePattern(PORTFOLIO.deleteWatchlist.pattern)
  async deleteWatchlist(@Payload() { caller, id }: Payloads['deleteWatchlist']) {
    return { watchlists: await this.watchlists.delete(caller.user_id, id) };
  }

  @MessagePattern(PORTFOLIO.addToWatchlist.pattern)
  async addToWatchlist(@Payload() { caller, id, symbol }: Payloads['addToWatchlist']) {
    return { watchlists: await this.watchlists.add(caller.user_id, id, symbol) };
  }

  @MessagePattern(PORTFOLIO.removeFromWatchlist.pattern)
  async removeFromWatchlist(@Payload() { caller, id, symbol }: Payloads['removeFromWatchlist']) {
    return { watchlists: await this.watchlists.remove(caller.user_id, id, symbol) };
  }
}
