import type { HubAgentName, HubAgentResult, HubReport } from '@nivesh/proto';
import { useEffect, useReducer, useState } from 'react';
import { checkAnswer } from '../../../lib/answer-check';
import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  REQUEST_FAILED_MESSAGE,
  SERVER_ERROR_MESSAGE,
  apiUrl,
  errorMessageOf,
  isTextForPeople,
  newTraceparent,
} from '../../../lib/api-client';
import { clearSession, getToken } from '../../../lib/session';
import { HUB_PATHS } from '../texts';
import { EventStreamParser } from './event-stream';

/** A stream that sends nothing for this long is given up: every call behind it has a deadline of seconds. */
const STREAM_TIMEOUT_MS = 30_000;

const INVALID_ANSWER = 'The server sent an answer this page does not understand.';

const parseData = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(200, INVALID_ANSWER, 'invalid');
  }
};

const readError = async (response: Response): Promise<ApiError> => {
  let body: unknown = null;
  try {
    body = JSON.parse(await response.text()) as unknown;
  } catch {
    // not JSON: a generic sentence below
  }
  const text = errorMessageOf(body);
  if (isTextForPeople(text)) return new ApiError(response.status, text, 'http', true);
  return new ApiError(response.status, response.status >= 500 ? SERVER_ERROR_MESSAGE : REQUEST_FAILED_MESSAGE, 'http', false);
};

export type StreamHandlers = { onAgent: (result: HubAgentResult) => void; signal?: AbortSignal };

/**
 * GET /api/hub/stream: the report on `symbol` as server-sent events, each agent handed to `onAgent` as it arrives; the
 * promise resolves with the report. EventSource cannot send the session's bearer token, so this is fetch() reading the
 * body as a stream. Every event is checked against its contract (in the answer-check worker) before it is used.
 */
export const streamHubReport = async (symbol: string, { onAgent, signal }: StreamHandlers): Promise<HubReport> => {
  const token = getToken();
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal?.addEventListener('abort', abort, { once: true });
  let idle = setTimeout(abort, STREAM_TIMEOUT_MS);
  try {
    let response: Response;
    try {
      response = await fetch(apiUrl(`${HUB_PATHS.stream}?symbol=${encodeURIComponent(symbol)}`), {
        headers: { Accept: 'text/event-stream', traceparent: newTraceparent(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        credentials: 'same-origin',
        signal: controller.signal,
      });
    } catch {
      if (controller.signal.aborted) throw new ApiError(0, 'The request was cancelled.', 'aborted');
      throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'network');
    }
    if (!response.ok) {
      // An invalid token (expired, logged out elsewhere) ends the session here too, as the app's client does.
      if (response.status === 401 && token) clearSession();
      throw await readError(response);
    }
    if (!response.body) throw new ApiError(response.status, INVALID_ANSWER, 'invalid');
    const reader = response.body.getReader();
    const parser = new EventStreamParser();
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        if (controller.signal.aborted) throw new ApiError(0, 'The request was cancelled.', 'aborted');
        throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'network');
      }
      if (chunk.done) break;
      clearTimeout(idle);
      idle = setTimeout(abort, STREAM_TIMEOUT_MS);
      for (const event of parser.push(chunk.value)) {
        const data = parseData(event.data);
        if (event.event === 'agent') {
          if (!(await checkAnswer((c) => c.HubAgentResultSchema, data))) throw new ApiError(200, INVALID_ANSWER, 'invalid');
          onAgent(data as HubAgentResult);
        } else if (event.event === 'report') {
          if (!(await checkAnswer((c) => c.HubReportSchema, data))) throw new ApiError(200, INVALID_ANSWER, 'invalid');
          await reader.cancel().catch(() => undefined);
          return data as HubReport;
        } else if (event.event === 'error') {
          const text = errorMessageOf(data);
          throw new ApiError(200, isTextForPeople(text) ? text : SERVER_ERROR_MESSAGE, 'http', isTextForPeople(text));
        }
      }
    }
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'network');
  } finally {
    clearTimeout(idle);
    signal?.removeEventListener('abort', abort);
  }
};

export type HubStreamState = {
  status: 'idle' | 'running' | 'done' | 'error';
  /** The agents that have answered so far, by name. */
  agents: Partial<Record<HubAgentName, HubAgentResult>>;
  report: HubReport | null;
  error: ApiError | null;
};

type Action = { type: 'start' } | { type: 'agent'; result: HubAgentResult } | { type: 'report'; report: HubReport } | { type: 'error'; error: ApiError } | { type: 'reset' };

const IDLE: HubStreamState = { status: 'idle', agents: {}, report: null, error: null };

const reduce = (state: HubStreamState, action: Action): HubStreamState => {
  switch (action.type) {
    case 'reset':
      return IDLE;
    case 'start':
      return { status: 'running', agents: {}, report: null, error: null };
    case 'agent':
      return { ...state, agents: { ...state.agents, [action.result.agent]: action.result } };
    case 'report':
      // The report's agents are the final word (a card whose event never came fills in now).
      return { status: 'done', report: action.report, agents: Object.fromEntries(action.report.agents.map((result) => [result.agent, result])), error: null };
    case 'error':
      return { ...state, status: 'error', error: action.error };
  }
};

/**
 * The Hub's report on `symbol`, streamed while `enabled`: the agents as they answer, then the report, or the error. A
 * new symbol, `run()`, or leaving the page aborts the stream in flight (the gateway then stops it too).
 */
export const useHubStream = (symbol: string, enabled: boolean): [HubStreamState, () => void] => {
  const [state, dispatch] = useReducer(reduce, IDLE);
  const [runs, setRuns] = useState(0);
  useEffect(() => {
    if (!enabled) {
      dispatch({ type: 'reset' });
      return;
    }
    const controller = new AbortController();
    dispatch({ type: 'start' });
    streamHubReport(symbol, { signal: controller.signal, onAgent: (result) => dispatch({ type: 'agent', result }) }).then(
      (report) => dispatch({ type: 'report', report }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        dispatch({ type: 'error', error: error instanceof ApiError ? error : new ApiError(0, NETWORK_ERROR_MESSAGE, 'network') });
      },
    );
    return () => controller.abort();
  }, [symbol, enabled, runs]);
  return [state, () => setRuns((count) => count + 1)];
};
