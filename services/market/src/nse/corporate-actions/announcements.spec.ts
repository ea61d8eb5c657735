import { AnnouncementRowsSchema, actionNote, combineShareChanges, parseNseDate, parseSubject, readAnnouncement } from './announcements';

const FLAGGED = 'an unexplained move on its ex-date is flagged for review.';

describe('parseNseDate', () => {
  it("reads NSE's day-month-year with a month name, in any case", () => {
    expect(parseNseDate('16-Jun-2025')).toBe('2025-06-16');
    expect(parseNseDate('6-JAN-2025')).toBe('2025-01-06');
    expect(parseNseDate(' 29-Feb-2024 ')).toBe('2024-02-29');
  });

  it('gives null for none, other forms and days that do not exist', () => {
    for (const value of ['-', '', null, undefined, '2025-06-16', '16/06/2025', '16-Jux-2025', '31-Apr-2025', '29-Feb-2025']) expect(parseNseDate(value)).toBeNull();
  });
});

describe('parseSubject', () => {
  it('reads a face-value split as new shares per old share, with its rupees', () => {
    expect(parseSubject('Face Value Split (Sub-Division) - From Rs 10/- Per Share To Rs 2/- Per Share')).toEqual({
      kind: 'split',
      ratio: 5,
      terms: { face_value: { from: 10, to: 2 } },
      note: 'Face value ₹10 to ₹2',
    });
    expect(parseSubject('Face Value Split (Sub-Division) - From Rs 5/- Per Share To Re 1/- Per Share')).toMatchObject({ kind: 'split', ratio: 5 });
    expect(parseSubject('Face Value Split (Sub-Division) - From Rs.2/- Per Share To Re.1/- Per Share')).toMatchObject({ kind: 'split', ratio: 2 });
  });

  it('reads a:b bonus issues as a new shares for every b held', () => {
    expect(parseSubject('Bonus 1:1')).toEqual({ kind: 'bonus', ratio: 2, terms: { bonus: { new_shares: 1, held: 1 } }, note: '1:1 bonus issue' });
    expect(parseSubject('Bonus 4:1')).toMatchObject({ kind: 'bonus', ratio: 5 });
    expect(parseSubject('Bonus 1:2')).toMatchObject({ kind: 'bonus', ratio: 1.5 });
    expect(parseSubject('Bonus 3 : 5')).toMatchObject({ kind: 'bonus', ratio: 8 / 5 });
  });

  it('reads a consolidation as a ratio below 1', () => {
    expect(parseSubject('Consolidation Of Shares From Rs 1/- Per Share To Rs 10/- Per Share')).toEqual({
      kind: 'reverse_split',
      ratio: 0.1,
      terms: { face_value: { from: 1, to: 10 } },
      note: 'Face value ₹1 to ₹10',
    });
  });

  it('reads a split and a bonus issue in one subject as one action with the product of their ratios', () => {
    expect(parseSubject('Bonus 1:1/Face Value Split (Sub-Division) - From Rs 10/- Per Share To Rs 2/- Per Share')).toEqual({
      kind: 'split_bonus',
      ratio: 10,
      terms: { face_value: { from: 10, to: 2 }, bonus: { new_shares: 1, held: 1 } },
      note: 'Face value ₹10 to ₹2 and a 1:1 bonus issue',
    });
  });

  it('reads the price-only kinds with their terms; a premium is added to the face value', () => {
    expect(parseSubject('Demerger')).toEqual({ kind: 'demerger', ratio: null, terms: {}, note: 'Demerger' });
    expect(parseSubject('Rights 1:5 @ Premium Rs 100/-', 10)).toEqual({
      kind: 'rights',
      ratio: null,
      terms: { rights: { offered: 1, held: 5, price: 110 } },
      note: 'Rights issue of 1 share for every 5 at ₹110',
    });
    expect(parseSubject('Rights 2:7 @ Rs 550/-')).toMatchObject({ kind: 'rights', terms: { rights: { offered: 2, held: 7, price: 550 } }, note: 'Rights issue of 2 shares for every 7 at ₹550' });
    expect(parseSubject('Rights 1:15 @ Premium Rs 1,247/-', 10)).toMatchObject({ terms: { rights: { offered: 1, held: 15, price: 1257 } }, note: 'Rights issue of 1 share for every 15 at ₹1,257' });
    expect(parseSubject('Special Dividend - Rs 10 Per Share')).toEqual({
      kind: 'special_dividend',
      ratio: null,
      terms: { special_dividend: { amount: 10 } },
      note: 'Special dividend of ₹10 per share',
    });
  });

  it('takes the special dividend out of a subject that also pays an ordinary one', () => {
    expect(parseSubject('Interim Dividend - Rs 8 Per Share/Special Dividend - Rs 3.50 Per Share')).toMatchObject({
      kind: 'special_dividend',
      terms: { special_dividend: { amount: 3.5 } },
      note: 'Special dividend of ₹3.50 per share',
    });
  });

  it('keeps ordinary dividends and meetings as not applied, with the reason', () => {
    const dividend = 'An ordinary dividend: prices are not adjusted for it.';
    expect(parseSubject('Interim Dividend - Rs 8 Per Share')).toEqual({ kind: null, ratio: null, terms: { dividend: { amount: 8 } }, note: dividend });
    expect(parseSubject('Dividend - Rs 3.50 Per Share')).toMatchObject({ kind: null, terms: { dividend: { amount: 3.5 } }, note: dividend });
    expect(parseSubject('Annual General Meeting/Dividend - Rs 8 Per Share')).toMatchObject({ kind: null, terms: { dividend: { amount: 8 } }, note: dividend });
    expect(parseSubject('Annual General Meeting')).toEqual({ kind: null, ratio: null, terms: {}, note: 'A shareholders’ meeting: it changes no price.' });
  });

  it('never throws on junk: unknown subjects and named actions without readable terms are not applied, with the reason', () => {
    expect(parseSubject('Buy Back')).toEqual({ kind: null, ratio: null, terms: {}, note: `Not an action Nivesh adjusts prices for; ${FLAGGED}` });
    expect(parseSubject('')).toMatchObject({ kind: null });
    expect(parseSubject('%%% ??? 1:1 @@ Rs')).toMatchObject({ kind: null });
    expect(parseSubject('Bonus')).toEqual({ kind: null, ratio: null, terms: {}, note: `It names a bonus issue without terms Nivesh can read; ${FLAGGED}` });
    expect(parseSubject('Bonus 0:1')).toMatchObject({ kind: null, note: `It names a bonus issue without terms Nivesh can read; ${FLAGGED}` });
    expect(parseSubject('Face Value Split (Sub-Division)')).toMatchObject({ kind: null, note: `It names a split without terms Nivesh can read; ${FLAGGED}` });
    expect(parseSubject('Face Value Split (Sub-Division) - From Rs 2/- Per Share To Rs 10/- Per Share')).toMatchObject({ kind: null });
    expect(parseSubject('Rights 1:5 @ Premium Rs 100/-')).toMatchObject({
      kind: null,
      note: `It names a rights issue at a premium but not the face value the premium is added to; ${FLAGGED}`,
    });
    expect(parseSubject('Special Dividend')).toMatchObject({ kind: null, note: `It names a special dividend without terms Nivesh can read; ${FLAGGED}` });
    expect(parseSubject('Demerger/Special Dividend - Rs 5 Per Share')).toEqual({
      kind: null,
      ratio: null,
      terms: {},
      note: `It combines actions Nivesh cannot store on one day; ${FLAGGED}`,
    });
  });
});

describe('combineShareChanges', () => {
  it("multiplies the ratios of one day's split and bonus issue (BAJFINANCE 16 Jun 2025: 4:1 bonus and ₹2 to ₹1, 10)", () => {
    const bonus = parseSubject('Bonus 4:1');
    const split = parseSubject('Face Value Split (Sub-Division) - From Rs 2/- Per Share To Re 1/- Per Share');
    const combined = combineShareChanges([bonus, split].map((part) => ({ kind: part.kind!, ratio: part.ratio!, terms: part.terms })));
    expect(combined).toEqual({ kind: 'split_bonus', ratio: 10, terms: { bonus: { new_shares: 4, held: 1 }, face_value: { from: 2, to: 1 } } });
    expect(actionNote(combined.kind, combined.terms)).toBe('Face value ₹2 to ₹1 and a 4:1 bonus issue');
  });

  it('leaves a single change as it is', () => {
    expect(combineShareChanges([{ kind: 'split', ratio: 5, terms: { face_value: { from: 10, to: 2 } } }])).toEqual({ kind: 'split', ratio: 5, terms: { face_value: { from: 10, to: 2 } } });
  });
});

describe('AnnouncementRowsSchema and readAnnouncement', () => {
  const row = {
    symbol: 'BAJFINANCE',
    series: 'EQ',
    ind: '-',
    faceVal: '2',
    subject: 'Bonus 4:1',
    exDate: '16-Jun-2025',
    recDate: '16-Jun-2025',
    bcStartDate: '-',
    bcEndDate: '-',
    ndStartDate: '-',
    comp: 'Bajaj Finance Limited',
    isin: 'INE296A01024',
    ndEndDate: '-',
    caBroadcastDate: null,
    somethingNew: 42,
  };

  it("reads NSE's rows, tolerating extra, missing and null fields", () => {
    const [full, sparse] = AnnouncementRowsSchema.parse([row, { symbol: 'ITC', subject: 'Demerger', exDate: '06-Jan-2025' }]);
    expect(readAnnouncement(full!)).toEqual({
      symbol: 'BAJFINANCE',
      isin: 'INE296A01024',
      ex_date: '2025-06-16',
      record_date: '2025-06-16',
      subject: 'Bonus 4:1',
      kind: 'bonus',
      ratio: 5,
      terms: { bonus: { new_shares: 4, held: 1 } },
      note: '4:1 bonus issue',
    });
    expect(readAnnouncement(sparse!)).toMatchObject({ symbol: 'ITC', isin: null, ex_date: '2025-01-06', record_date: null, kind: 'demerger' });
  });

  it('prices a premium rights issue with the row’s face value', () => {
    const [rights] = AnnouncementRowsSchema.parse([{ ...row, symbol: 'ZZRIGHTS', faceVal: '10', subject: 'Rights 1:5 @ Premium Rs 100/-' }]);
    expect(readAnnouncement(rights!)).toMatchObject({ kind: 'rights', terms: { rights: { offered: 1, held: 5, price: 110 } } });
  });

  it('skips a row without a readable ex-date, and refuses an answer that is not rows of announcements', () => {
    const [noDate] = AnnouncementRowsSchema.parse([{ ...row, exDate: '-' }]);
    expect(readAnnouncement(noDate!)).toBeNull();
    expect(AnnouncementRowsSchema.safeParse({ data: [row] }).success).toBe(false);
    expect(AnnouncementRowsSchema.safeParse([{ ...row, subject: undefined }]).success).toBe(false);
    expect(AnnouncementRowsSchema.safeParse([{ ...row, symbol: '' }]).success).toBe(false);
  });
});
