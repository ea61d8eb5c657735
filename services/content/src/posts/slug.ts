import { BLOG_SLUG_MAX } from '@nivesh/proto';

/** What a title without a letter or digit of the Latin alphabet (e.g. one in Devanagari only) is filed under. */
export const FALLBACK_SLUG = 'post';

/** Cuts a slug to `max` characters at a hyphen when there is one, so no word is cut in half. */
const fit = (slug: string, max: number): string => {
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max + 1);
  const boundary = cut.lastIndexOf('-');
  return (boundary > 0 ? cut.slice(0, boundary) : slug.slice(0, max)).replace(/-+$/, '');
};

/**
 * A post's address from its title: accents dropped, '&' said as 'and', apostrophes removed, every other run of
 * characters that are not a-z or 0-9 one hyphen ('What P/E hides' → 'what-p-e-hides'), at most BLOG_SLUG_MAX long.
 */
export const slugify = (title: string, max: number = BLOG_SLUG_MAX): string => {
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’‘]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return fit(slug, max) || FALLBACK_SLUG;
};

/** `base`, or `base-2`, `base-3`… whichever is not taken yet, still at most `max` characters. */
export const uniqueSlug = (base: string, taken: ReadonlySet<string>, max: number = BLOG_SLUG_MAX): string => {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${fit(base, max - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
};
