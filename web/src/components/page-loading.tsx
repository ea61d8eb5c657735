import './page-loading.css';

/** The lazy-page fallback: 'Loading {page}...' with a spinner. */
export function PageLoading({ page }: { page: string }) {
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>Loading {page}...</span>
    </div>
  );
}
