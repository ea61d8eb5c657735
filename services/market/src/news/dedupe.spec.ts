import { canonicalUrl, sameStory, titleKey } from './dedupe';

describe('canonicalUrl', () => {
  it('gives one address for one article however it is linked', () => {
    const plain = canonicalUrl('https://www.livemint.example/market/stock-market-news/infosys-q3-11705.html');
    expect(plain).toBe('livemint.example/market/stock-market-news/infosys-q3-11705.html');
    for (const variant of [
      'http://livemint.example/market/stock-market-news/infosys-q3-11705.html?utm_source=rss&utm_medium=feed',
      'https://www.livemint.example/market/stock-market-news/infosys-q3-11705.html#comments',
      'https://www.LIVEMINT.example:443/market/stock-market-news/infosys-q3-11705.html/',
      'https://www.livemint.example/amp/market/stock-market-news/infosys-q3-11705.html',
      'https://m.livemint.example/market/stock-market-news/infosys-q3-11705.html?fbclid=abc',
      'https://www.livemint.example/market/stock-market-news/infosys-q3-11705.amp.html',
    ]) {
      expect([variant, canonicalUrl(variant)]).toEqual([variant, plain]);
    }
  });

  it('keeps parameters that name the article, sorted, and refuses what is not http(s)', () => {
    expect(canonicalUrl('https://news.example.com/story?id=42&utm_campaign=x&page=2')).toBe('news.example.com/story?id=42&page=2');
    expect(canonicalUrl('https://news.example.com/story?page=2&id=42')).toBe('news.example.com/story?id=42&page=2');
    expect(canonicalUrl('javascript:alert(1)')).toBeNull();
    expect(canonicalUrl('not a url')).toBeNull();
    expect(canonicalUrl('/markets/story-1', 'https://business.example.com/feeds/markets.atom')).toBe('business.example.com/markets/story-1');
  });
});

describe('titleKey and sameStory', () => {
  it('drops the publication’s own name after the title, case, punctuation and little words', () => {
    expect(titleKey('Infosys shares jump 8% after Q3 results - Business Daily', 'Business Daily')).toBe(titleKey('Infosys Shares Jump 8% After Q3 Results!'));
    // Another name after a dash is part of the title.
    expect(titleKey('Q3 results - Infosys beats estimates', 'Business Daily')).toContain('infosys');
  });

  it('finds near-identical titles and tells different stories apart', () => {
    const key = (title: string) => titleKey(title);
    expect(sameStory(key('Infosys Q3 net profit falls 7% to ₹6,106 crore as deal wins slow'), key('Infosys Q3 net profit falls 7% to ₹6,106 crore, deal wins slow'))).toBe(true);
    expect(sameStory(key('Infosys Q3 profit falls 7% to ₹6,106 crore'), key('Infosys Q3 profit falls 7% to ₹6,106 crore, misses estimates'))).toBe(false);
    expect(sameStory(key('TCS Q3 profit rises 8% on deal wins'), key('Wipro Q3 profit rises 8% on deal wins'))).toBe(false);
    expect(sameStory(key('Sensex falls 500 points; Nifty below 21,500'), key('Sensex rises 500 points; Nifty above 21,500'))).toBe(false);
    expect(sameStory(key('TCS Q3 results'), key('TCS Q3 results'))).toBe(true);
    expect(sameStory(key('Up'), key('Down'))).toBe(false);
  });
});
