/**
 * Question text as the intent table and the name list read it: lower case, "%" as " percent ", "'s" as " s",
 * punctuation as spaces ("52-week" → "52 week", "M&M" → "m m"), single spaces.
 */
export const normalise = (text: string): string =>
  text
    .normalize('NFKC')
    .replace(/[\u200B-\u200D\u2060\uFEFF\u00AD]/g, '')
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/%/g, ' percent ')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
