import { configure } from '@testing-library/react';

// findBy* and waitFor give up after 1 s by default; on a 2-core machine running test files in parallel, a lazy page's
// first render can take longer than that. Waiting longer costs nothing when the page is quick.
configure({ asyncUtilTimeout: 3_000 });
