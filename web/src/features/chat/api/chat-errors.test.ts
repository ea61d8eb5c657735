import { ApiError, NETWORK_ERROR_MESSAGE, SERVER_ERROR_MESSAGE } from '../../../lib/api-client';
import { QUERY_ERRORS, START_ERRORS } from '../texts';
import { askFailure } from './ask-chat';
import { startErrorNotice } from './start-chat';

const http = (status: number, message = 'Error', fromServer = true) => new ApiError(status, message, 'http', fromServer);

describe('a chat that cannot start (section 8)', () => {
  it('needs configuring when the answer mentions 503 or service_unavailable', () => {
    expect(startErrorNotice(http(503, SERVER_ERROR_MESSAGE, false))).toEqual(START_ERRORS.configuring);
    expect(startErrorNotice(new Error('Request failed: service_unavailable'))).toEqual(START_ERRORS.configuring);
    expect(startErrorNotice(http(502, 'Upstream said 503'))).toEqual(START_ERRORS.configuring);
  });

  it('is temporarily unavailable on a 500', () => {
    expect(startErrorNotice(http(500, SERVER_ERROR_MESSAGE, false))).toEqual(START_ERRORS.serverError);
  });

  it('is not found on a 404, in the server’s words when they are for people', () => {
    expect(startErrorNotice(http(404, 'Error', false))).toEqual(START_ERRORS.notFound);
    expect(startErrorNotice(http(404, 'No stock with the symbol XYZ.'))).toEqual({ title: 'Service Not Found', content: 'No stock with the symbol XYZ.' });
  });

  it('is a connection error when there is no answer', () => {
    expect(startErrorNotice(new ApiError(0, NETWORK_ERROR_MESSAGE, 'network'))).toEqual(START_ERRORS.connection);
    expect(startErrorNotice(new TypeError('Failed to fetch'))).toEqual(START_ERRORS.connection);
  });

  it('is unavailable otherwise', () => {
    expect(startErrorNotice(http(501, 'This feature is not available yet.', false))).toEqual(START_ERRORS.unavailable);
    expect(startErrorNotice(http(501, 'Warren AI chat is not available yet.'))).toEqual({ title: 'AI Chat Service Unavailable', content: 'Warren AI chat is not available yet.' });
    expect(startErrorNotice(new ApiError(200, 'The server sent an answer this page does not understand.', 'invalid'))).toEqual(START_ERRORS.unavailable);
  });
});

describe('a question that got no answer (section 8)', () => {
  it('is a system notice on 503 and 500', () => {
    expect(askFailure(http(503))).toEqual({ kind: 'notice', notice: QUERY_ERRORS.unavailable });
    expect(askFailure(http(500))).toEqual({ kind: 'notice', notice: QUERY_ERRORS.serverError });
  });

  it('starts a new chat when the context is unknown or expired', () => {
    expect(askFailure(http(404, 'This chat has expired.'))).toEqual({ kind: 'expired' });
  });

  it('says a 400 or 429 detail written for people, and sorry otherwise', () => {
    expect(askFailure(http(400, 'Message must be at most 2000 characters'))).toEqual({ kind: 'error', content: 'Message must be at most 2000 characters' });
    expect(askFailure(http(429, 'Too many questions. Please wait a minute.'))).toEqual({ kind: 'error', content: 'Too many questions. Please wait a minute.' });
    expect(askFailure(http(400, 'The request could not be completed. Please try again.', false))).toEqual({ kind: 'error', content: QUERY_ERRORS.generic });
    expect(askFailure(http(502, 'Bad gateway'))).toEqual({ kind: 'error', content: QUERY_ERRORS.generic });
    expect(askFailure(new ApiError(0, NETWORK_ERROR_MESSAGE, 'network'))).toEqual({ kind: 'error', content: QUERY_ERRORS.generic });
    expect(askFailure(new Error('boom'))).toEqual({ kind: 'error', content: QUERY_ERRORS.generic });
  });
});
