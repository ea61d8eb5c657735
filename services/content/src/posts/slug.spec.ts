import { BLOG_SLUG_MAX } from '@nivesh/proto';
import { FALLBACK_SLUG, slugify, uniqueSlug } from './slug';

describe('slugify', () => {
  it.each([
    ['Reading RSI without the myths', 'reading-rsi-without-the-myths'],
    ['What P/E hides', 'what-p-e-hides'],
    ['How to check a SEBI registration?', 'how-to-check-a-sebi-registration'],
    ['  Tata & Reliance: a tale of two “giants” ', 'tata-and-reliance-a-tale-of-two-giants'],
    ["Investor's guide — FY2024", 'investors-guide-fy2024'],
    ['Crème brûlée café', 'creme-brulee-cafe'],
  ])('%s → %s', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('files a title with no Latin letters or digits under a fallback', () => {
    expect(slugify('निवेश')).toBe(FALLBACK_SLUG);
    expect(slugify('?!')).toBe(FALLBACK_SLUG);
  });

  it(`keeps at most ${BLOG_SLUG_MAX} characters, cut between words`, () => {
    const slug = slugify('A very long title about the price to earnings ratio and everything it leaves out of the picture for investors');
    expect(slug.length).toBeLessThanOrEqual(BLOG_SLUG_MAX);
    expect(slug).toBe('a-very-long-title-about-the-price-to-earnings-ratio-and-everything-it-leaves-out');
  });
});

describe('uniqueSlug', () => {
  it('numbers a taken slug from 2, past the numbers taken too', () => {
    expect(uniqueSlug('reading-rsi', new Set())).toBe('reading-rsi');
    expect(uniqueSlug('reading-rsi', new Set(['reading-rsi']))).toBe('reading-rsi-2');
    expect(uniqueSlug('reading-rsi', new Set(['reading-rsi', 'reading-rsi-2', 'reading-rsi-3']))).toBe('reading-rsi-4');
  });

  it('stays within the longest slug when numbered', () => {
    const base = slugify('a'.repeat(30) + ' ' + 'b'.repeat(30) + ' ' + 'c'.repeat(18));
    expect(base.length).toBe(BLOG_SLUG_MAX);
    const numbered = uniqueSlug(base, new Set([base]));
    expect(numbered).toBe(`${'a'.repeat(30)}-${'b'.repeat(30)}-2`);
  });
});
