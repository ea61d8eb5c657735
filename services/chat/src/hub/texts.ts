/** The Hub's fixed sentences, in one place so that tests and the rail see them all. */

/** How the report's texts were written. The language-model path of Warren AI is not used for reports yet. */
export const ENGINE_NOTES = {
  templates: 'Written by Nivesh’s built-in templates from the agents’ findings.',
  templatesWithModel:
    'Written by Nivesh’s built-in templates from the agents’ findings; the language model set up for Warren AI is not used for Hub reports yet.',
} as const;

/** Said under every report. */
export const CAVEATS = {
  past: (date: string) => `Every figure describes past data, up to ${date} at the latest; none of it says what the price does next.`,
  agreement: 'Each agent looks at one part of the picture. Agents that agree describe the same past from different sides; their agreement is not evidence of what comes next.',
  advice:
    'This report is educational information made from Nivesh’s own data; it is not investment advice. Nivesh is not a SEBI-registered investment adviser or research analyst.',
  missing: 'Agents that failed, ran late or had no data are listed with the reason; their part is missing from the report, not guessed.',
} as const;

/** What the compliance check says about a report. */
export const COMPLIANCE_NOTES = {
  passed: 'Every text of this report passed Warren AI’s compliance check: it holds no buy, sell or hold calls, no price targets and no promises of returns.',
  withheld: (count: number) =>
    `${count === 1 ? 'One text' : `${count} texts`} of this report ${count === 1 ? 'was' : 'were'} withheld because Warren AI’s compliance check found a trading call, a price target or a promise of returns in ${count === 1 ? 'it' : 'them'}; everything else passed.`,
} as const;

/** Put in place of a text the compliance check stopped. */
export const WITHHELD_TEXT = 'This text was withheld by Warren AI’s compliance check because it read as a trading call, a price target or a promise of returns.';

/** What agreeing and differing readings say in general, when no pair-specific text applies. */
export const COMPARISON_MEANINGS = {
  agree: 'Readings that agree describe the same past from different sides; they do not make any outcome more certain.',
  differ: 'Each agent looks at a different part of the past data, so readings that differ are common; none of them says what the price does next.',
} as const;

/**
 * What two directional readings say together, keyed by the two agents in the Hub's order with their leans
 * ('+' positive, '-' negative), e.g. 'technical+valuation-': an uptrend and a valuation above its history.
 */
export const PAIR_MEANINGS: Readonly<Record<string, string>> = {
  'technical+valuation-':
    'The price has been rising while the stock became dearer than its own history or its peers. The two often go together, since a rising price is what lifts a multiple; neither says when that changes.',
  'technical-valuation+':
    'The price has been falling while the stock became cheaper than its own history or its peers. A falling price is one way a multiple drops; a low multiple can also mean investors expect lower earnings.',
  'technical+valuation+':
    'The price has been rising, yet the stock is still cheaper than its own history or its peers: earnings have grown faster than the price, or investors expect less of them.',
  'technical-valuation-': 'The price has been falling, yet the stock is still dearer than its own history or its peers: investors still pay a lot for its earnings.',
  'technical+risk-': 'The price has been rising, but with large swings or unusual trading days: the rise has been a bumpy one.',
  'technical-risk-': 'The price has been falling, with large swings or unusual trading days along the way.',
  'technical+risk+': 'The price has been rising with small swings and no unusual trading days.',
  'technical-risk+': 'The price has been falling, though with small daily swings and no unusual trading days.',
  'technical+sentiment+': 'The stock’s rise came with a greedy market mood: much of the market has been rising too.',
  'technical+sentiment-': 'The stock has been rising while the market mood is fearful: it has moved against much of the market.',
  'technical-sentiment+': 'The stock has been falling while the market mood is greedy: it has moved against much of the market.',
  'technical-sentiment-': 'The stock’s fall came with a fearful market mood: much of the market has been falling too.',
};
