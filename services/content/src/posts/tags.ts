/** Tags as written, without repeats (in any case) or empty ones: 'RSI' and 'rsi' are one tag, the first spelling kept. */
export const distinctTags = (tags: readonly string[]): string[] => {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tag.trim().toLowerCase();
    if (key === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};
