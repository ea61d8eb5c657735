import { setMaxListeners } from 'node:events';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { NewsSummary, NewsSummaryInput, NewsSummaryResult } from '@nivesh/proto';
import { SERVICE_CONFIG } from '@nivesh/platform';
import type { Config } from '../config';
import { inspectAnswer } from '../guard/output-rail';
import { NewsSummaryLlm } from './news-summary.llm';
import { oneLine } from './summary-text';

/** Requests to the language model at once. */
const CONCURRENCY = 4;

const none = (item: NewsSummaryInput): NewsSummary => ({ id: item.id, summary: null, engine: 'none', withheld: false });

/**
 * One-line summaries of AI News press items, for the market service. Each item is one request to the language model
 * (a bad answer costs one item, not the batch), a few at a time, and the whole batch ends within `LLM_TIMEOUT_MS`:
 * items not answered by then get no summary. Every line passes the compliance guard's output rail; a line it flags
 * (a call to act, a target, a promise) is withheld, never edited. Without a language model nothing is asked.
 */
@Injectable()
export class NewsSummaryService {
  private readonly logger = new Logger(NewsSummaryService.name);

  constructor(
    private readonly llm: NewsSummaryLlm,
    @Inject(SERVICE_CONFIG) private readonly config: Pick<Config, 'LLM_TIMEOUT_MS'>,
  ) {}

  async summarise(items: readonly NewsSummaryInput[]): Promise<NewsSummaryResult> {
    if (!this.llm.configured || !items.length) return { items: items.map(none) };
    const deadline = AbortSignal.timeout(this.config.LLM_TIMEOUT_MS);
    // Each request listens to the batch's deadline.
    setMaxListeners(items.length + 10, deadline);
    const failures: string[] = [];
    const results = new Array<NewsSummary>(items.length);
    let next = 0;
    const lane = async (): Promise<void> => {
      while (next < items.length) {
        const index = next++;
        results[index] = deadline.aborted ? none(items[index]!) : await this.one(items[index]!, deadline, failures);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, lane));
    const withheld = results.filter((result) => result.withheld).length;
    if (withheld || failures.length) {
      this.logger.warn(`news summaries: ${items.length} asked, ${withheld} withheld by the output rail, ${failures.length} not written${failures.length ? ` (${failures[0]})` : ''}`);
    }
    return { items: results };
  }

  private async one(item: NewsSummaryInput, deadline: AbortSignal, failures: string[]): Promise<NewsSummary> {
    let text: string;
    try {
      text = await this.llm.summarise(item, deadline);
    } catch (error) {
      failures.push(deadline.aborted ? `no answer within ${this.config.LLM_TIMEOUT_MS} ms` : error instanceof Error ? error.message : String(error));
      return none(item);
    }
    const line = oneLine(text);
    if (line === null) return none(item);
    // The whole answer is inspected, not only the line kept: a call in a second line withholds the first.
    if (inspectAnswer(text) || inspectAnswer(line)) return { id: item.id, summary: null, engine: 'llm', withheld: true };
    return { id: item.id, summary: line, engine: 'llm', withheld: false };
  }
}
