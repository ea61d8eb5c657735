import './market.css';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

type QueryStateProps<T> = {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending' | 'refetch'>;
  /** What is loading, e.g. 'market overview'. */
  what: string;
  children: (data: T) => ReactNode;
};

/** A panel body for one query: a loading line, the error with a retry button, or the data. */
export function QueryState<T>({ query, what, children }: QueryStateProps<T>) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error) {
    return (
      <div className="query-error" role="alert">
        <p>
          Could not load the {what}: {query.error.message}
        </p>
        <button type="button" className="button secondary" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <p className="query-loading" role="status">
      Loading {what}...
    </p>
  );
}
