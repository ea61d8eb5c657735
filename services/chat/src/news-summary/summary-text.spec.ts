import { NEWS_SUMMARY_MAX_LENGTH } from '@nivesh/proto';
import { oneLine, summaryRequest } from './summary-text';

describe('oneLine', () => {
  it('keeps a plain sentence as it is', () => {
    expect(oneLine('Infosys shares rose 8% after its December-quarter results.')).toBe('Infosys shares rose 8% after its December-quarter results.');
  });

  it('drops a label, quotation marks, Markdown and bullets, and keeps the first line with words', () => {
    expect(oneLine('**Summary:** "Tata Steel shares fell while TCS rose."')).toBe('Tata Steel shares fell while TCS rose.');
    expect(oneLine('\n- Tata Steel   shares fell.\n- TCS rose.')).toBe('Tata Steel shares fell.');
    expect(oneLine('“HDFC Bank’s margins narrowed.”')).toBe('HDFC Bank’s margins narrowed.');
    // An apostrophe at the end is not a quotation mark.
    expect(oneLine("Shares rose for investors'")).toBe("Shares rose for investors'");
  });

  it('cuts a long line at a word, with an ellipsis, within the limit', () => {
    const long = `Infosys ${'reported strong growth in its digital services business '.repeat(6)}`;
    const line = oneLine(long)!;
    expect(line.length).toBeLessThanOrEqual(NEWS_SUMMARY_MAX_LENGTH);
    expect(line).toMatch(/ (reported|strong|growth|in|its|digital|services|business)…$/);
  });

  it('is null for an answer with no words', () => {
    expect(oneLine('')).toBeNull();
    expect(oneLine('  \n ** \n"" ')).toBeNull();
  });
});

describe('summaryRequest', () => {
  it('gives the model the headline and the description only, and says when there is no description', () => {
    expect(summaryRequest({ id: '1', headline: 'TCS gains', description: 'Shares rose 2%.' })).toBe('Headline: TCS gains\nDescription: Shares rose 2%.');
    expect(summaryRequest({ id: '1', headline: 'TCS gains', description: null })).toBe('Headline: TCS gains\nDescription: (none)');
  });
});
