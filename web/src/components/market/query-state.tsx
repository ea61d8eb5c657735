import './market.css';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api-client';

type QueryStateProps<T> = {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending' | 'refetch'>;
  /** What is loading, e.g. 'market overview'. */
  what: string;
  children: (data: T) => ReactNode;
};

/**
 * Whether asking again can help: no answer, a timeout, or a server that is failing or busy (5xx, 408, 429).
 * A refusal such as 404 or 400 gets the same answer every time, so it gets no retry button.
 */
const canRetry = (error: Error) => {
  if (!(error instanceof ApiError)) return true;
  if (error.kind === 'network' || error.kind === 'aborted') return true;
  return error.kind === 'http' && (error.status >= 500 || error.status === 408 || error.status === 429);
};

/** A panel body for one query: a loading line, the error (with a retry button when a retry can help), or the data. */
export function QueryState<T>({ query, what, children }: QueryStateProps<T>) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error) {
    return (
      <div className="query-error" role="alert">
        <p>
          Could not load the {what}: {query.error.message}
        </p>
        {canRetry(query.error) ? (
          <button type="button" className="button secondary" onClick={() => void query.refetch()}>
            Try again
          </button>
        ) : null}
      </div>
    );
  }
  return (
    <p className="query-loading" role="status">
      Loading {what}...
    </p>
  );
}
