import { Injectable } from '@nestjs/common';

/** What a conditional GET sends back: what the last fetch was told. */
export type Validators = { etag: string | null; last_modified: string | null };

export type FeedResponse = { status: 'not_modified' } | { status: 'ok'; body: string; etag: string | null; last_modified: string | null };

/** A fetch that did not give a feed: no answer in time, a refused connection, an HTTP error, a body too large. */
export class FeedFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedFetchError';
  }
}

/** The largest feed body read; a feed is a list of headlines, not a library. */
export const FEED_MAX_BYTES = 5 * 1024 * 1024;

/** The body, read up to `max` bytes, or a FeedFetchError. */
const readCapped = async (response: Response, max: number): Promise<string> => {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) throw new FeedFetchError(`the feed is ${declared} bytes, more than ${max}`);
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > max) throw new FeedFetchError(`the feed is more than ${max} bytes`);
    chunks.push(chunk);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
};

/**
 * The one place that talks HTTP to press feeds: a conditional GET (If-None-Match, If-Modified-Since from the last
 * answer) with a deadline, following redirects. 304 is 'not_modified'; anything but 2xx is a FeedFetchError.
 */
@Injectable()
export class FeedHttpRepository {
  async get(url: string, validators: Validators, timeoutMs: number): Promise<FeedResponse> {
    const headers: Record<string, string> = {
      Accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.5',
      'User-Agent': 'Nivesh-News/1.0 (feed reader)',
    };
    if (validators.etag) headers['If-None-Match'] = validators.etag;
    if (validators.last_modified) headers['If-Modified-Since'] = validators.last_modified;
    const signal = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, { headers, signal, redirect: 'follow' });
    } catch (error) {
      const cause = error as Error;
      throw new FeedFetchError(cause.name === 'TimeoutError' || signal.aborted ? `no answer within ${timeoutMs} ms` : `could not connect (${cause.message})`);
    }
    if (response.status === 304) {
      await response.body?.cancel();
      return { status: 'not_modified' };
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new FeedFetchError(`HTTP ${response.status}`);
    }
    try {
      const body = await readCapped(response, FEED_MAX_BYTES);
      return { status: 'ok', body, etag: response.headers.get('etag'), last_modified: response.headers.get('last-modified') };
    } catch (error) {
      if (error instanceof FeedFetchError) throw error;
      throw new FeedFetchError(signal.aborted ? `no answer within ${timeoutMs} ms` : `the answer broke off (${(error as Error).message})`);
    }
  }
}
