import { Inject, Injectable } from '@nestjs/common';
import type { NewsSummaryInput } from '@nivesh/proto';
import { SERVICE_CONFIG } from '@nivesh/platform';
import OpenAI from 'openai';
import { llmClientOf, LlmUnavailableError } from '../chats/llm.engine';
import type { Config } from '../config';
import { SUMMARY_PROMPT, summaryRequest } from './summary-text';

/**
 * Warren AI's language model (`LLM_BASE_URL`, `LLM_MODEL`, `LLM_API_KEY`) asked for one press item's summary: the
 * seam a test points at a local server. Off without `LLM_BASE_URL`; one attempt within `LLM_TIMEOUT_MS`.
 */
@Injectable()
export class NewsSummaryLlm {
  private readonly client: OpenAI | null;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: Config) {
    this.client = llmClientOf(config);
  }

  get configured(): boolean {
    return this.client !== null;
  }

  /** The model's answer for one item, as it wrote it; `signal` ends the request when the batch's time is up. */
  async summarise(item: NewsSummaryInput, signal?: AbortSignal): Promise<string> {
    if (!this.client) throw new LlmUnavailableError('No language model is configured');
    const completion = await this.client.chat.completions.create(
      {
        model: this.config.LLM_MODEL,
        temperature: 0,
        max_tokens: 120,
        messages: [
          { role: 'system', content: SUMMARY_PROMPT },
          { role: 'user', content: summaryRequest(item) },
        ],
      },
      { signal },
    );
    const text = completion.choices[0]?.message?.content?.trim();
    if (!text) throw new LlmUnavailableError('The language model returned an empty answer');
    return text;
  }
}
