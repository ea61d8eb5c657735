/**
 * Telling one article from another: the same story reaches several feeds with tracking parameters, an AMP address or
 * the publication's name added to its title.
 */

/** Query parameters that only say where a reader came from. */
const TRACKING = /^(utm_\w+|fbclid|gclid|dclid|mc_cid|mc_eid|igshid|ref|ref_src|cmpid|source|from|ito|spm|_ga|yclid|ocid|taid|ncid)$/i;

/**
 * The address that identifies an article: scheme and 'www.' dropped, host lower-cased, default port, fragment,
 * tracking parameters and AMP markers removed, remaining parameters sorted, no trailing slash. Null for anything but
 * http(s).
 */
export const canonicalUrl = (raw: string, base?: string): string | null => {
  let url: URL;
  try {
    url = new URL(raw.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m|amp)\./, '');
  const params = [...url.searchParams.entries()].filter(([key, value]) => !TRACKING.test(key) && !(key.toLowerCase() === 'amp' || (key === 'outputType' && value === 'amp'))).sort(([a], [b]) => a.localeCompare(b));
  let pathname = url.pathname
    .replace(/\/amp(\/|$)/i, '/')
    .replace(/\/amp_(\w+)/i, '/$1')
    .replace(/\.amp(\.html?)?$/i, '$1')
    .replace(/\/{2,}/g, '/');
  if (pathname.length > 1) pathname = pathname.replace(/\/$/, '');
  const query = params.length ? `?${new URLSearchParams(params).toString()}` : '';
  return `${host}${pathname === '/' ? '' : pathname}${query}`;
};

/** Words that carry no meaning for telling stories apart. */
const STOP = new Set(['a', 'an', 'the', 'of', 'to', 'in', 'on', 'for', 'and', 'at', 'by', 'as', 'is', 'its', 'with', 'from', 'after', 'amid', 'over']);

const bare = (text: string): string => text.toLowerCase().replace(/^the\s+/, '').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/**
 * A title reduced to what identifies the story: lower case, the publication's name after a ' - ' or ' | ' dropped when
 * it is the feed's `source`, punctuation and little words gone, words sorted and unique.
 */
export const titleKey = (title: string, source?: string): string => {
  const suffix = /\s+[|–—-]\s+([^|–—-]{2,60})$/.exec(title);
  const named = suffix ? bare(suffix[1]!) : '';
  const publication = source ? bare(source) : '';
  const own = named !== '' && publication !== '' && (publication.includes(named) || named.includes(publication));
  const cut = own ? title.slice(0, suffix!.index) : title;
  const words =
    cut
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[’']/g, '')
      .match(/[\p{L}\p{N}₹%.,]+/gu) ?? [];
  // Figures keep their separators (₹6,106); a comma or full stop after a word is punctuation.
  const meaningful = words.map((word) => word.replace(/[.,]+$/, '').replace(/^[.,]+/, '')).filter((word) => word && !STOP.has(word));
  return [...new Set(meaningful)].sort().join(' ');
};

/** Two titles whose keys share this share of their words (Jaccard) or more tell the same story. */
export const NEAR_DUPLICATE = 0.8;

/** Whether two title keys are near-identical: the same words, or all but a few. */
export const sameStory = (a: string, b: string): boolean => {
  if (a === b) return a.length > 0;
  const left = new Set(a.split(' ').filter(Boolean));
  const right = new Set(b.split(' ').filter(Boolean));
  if (left.size < 3 || right.size < 3) return false;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  return shared / (left.size + right.size - shared) >= NEAR_DUPLICATE;
};
