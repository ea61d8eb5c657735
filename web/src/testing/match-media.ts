/** Test helper: a matchMedia that answers width queries for a viewport of `width` px (and nothing else). */
export const stubViewport = (width: number, { dark = false }: { dark?: boolean } = {}) => {
  const matches = (query: string): boolean => {
    const max = /\(max-width:\s*(\d+)px\)/.exec(query);
    if (max) return width <= Number(max[1]);
    const min = /\(min-width:\s*(\d+)px\)/.exec(query);
    if (min) return width >= Number(min[1]);
    if (query.includes('prefers-color-scheme: dark')) return dark;
    return false;
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    })),
  );
};
