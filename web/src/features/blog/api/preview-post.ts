import type { BlogPreviewResponse } from '@nivesh/proto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiPost, parseWith } from '../../../lib/api-client';
import { BLOG_KEY } from './get-posts';
import { BLOG_PATHS } from '@nivesh/proto/values';

/** How long the editor waits after the last keystroke before asking for a preview. */
export const PREVIEW_DEBOUNCE_MS = 400;

/**
 * POST /api/blog/admin/preview (admin) with {markdown, excerpt}: the Markdown rendered and sanitised by the content
 * service exactly as saving would store it, so no Markdown library ships in the web app.
 */
export const previewPost = (markdown: string, excerpt: string, signal?: AbortSignal): Promise<BlogPreviewResponse> =>
  apiPost(BLOG_PATHS.blogPreview, excerpt.trim() === '' ? { markdown } : { markdown, excerpt }, {
    parse: parseWith((c) => c.BlogPreviewResponseSchema),
    signal,
    timeoutMs: 15_000,
  });

export const previewQueryOptions = (markdown: string, excerpt: string) =>
  queryOptions({
    queryKey: [...BLOG_KEY, 'preview', markdown, excerpt] as const,
    queryFn: ({ signal }) => previewPost(markdown, excerpt, signal),
    retry: false,
    staleTime: Infinity,
    // While the next preview comes, the last one stays on screen instead of blinking away.
    placeholderData: keepPreviousData,
  });

/** `value`, once it has stopped changing for `delayMs`. */
export const useDebounced = <T,>(value: T, delayMs: number): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
};

/** The live preview of what is being typed: asked for once typing pauses; nothing while the text is empty. */
export const useMarkdownPreview = (markdown: string, excerpt: string) => {
  const settledMarkdown = useDebounced(markdown, PREVIEW_DEBOUNCE_MS);
  const settledExcerpt = useDebounced(excerpt, PREVIEW_DEBOUNCE_MS);
  const stale = settledMarkdown !== markdown || settledExcerpt !== excerpt;
  const query = useQuery({ ...previewQueryOptions(settledMarkdown, settledExcerpt), enabled: settledMarkdown.trim() !== '' });
  return { ...query, stale };
};
