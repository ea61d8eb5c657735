import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { FilingFormatError } from './filing';
import type { BalanceFigures, FilingBasis, FilingPeriod, ParsedFiling, PeriodFigures } from './filing';
import { PER_SHARE_FIGURES, XBRL_TAGS } from './xbrl-tags';
import type { BalanceFigure, CashFlowFigure, FormatTags, IncomeFigure, XbrlFormat } from './xbrl-tags';

/**
 * Reads one NSE financial-results filing (XBRL). Only three contexts are read: OneD (the quarter), FourD (the year to
 * date) and OneI (the balance sheet at the period end); the others carry dimensions (segments, expense details).
 */

/** A fact as filed: its trimmed text and its unit's id (INR, INRPerShare), if any. */
type Fact = { text: string; unit: string | null };
type Facts = ReadonlyMap<string, Fact>;
type ContextId = 'OneD' | 'FourD' | 'OneI';

const FACT_PREFIX = 'in-bse-fin:';
const IST_OFFSET_MS = 330 * 60_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const FILED_AT = /^(\d{2})([A-Z][a-z]{2})(\d{4})_(\d{2})(\d{2})_/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

const PERIODS = new Map<string, FilingPeriod>([
  ['first quarter', 'Q1'],
  ['half yearly', 'H1'],
  ['third quarter', 'Q3'],
  ['yearly', 'FY'],
  // NESTLEIND's 15-month year to March 2024 (it left the calendar year) has a "Fourth quarter": October–December 2023.
  ['fourth quarter', 'FY'],
]);
/** Months from the start of the fiscal year to the end of the filing's period. */
const PERIOD_MONTHS: Record<FilingPeriod, number> = { Q1: 3, H1: 6, Q3: 9, FY: 12 };
const BASES = new Map<string, FilingBasis>([
  ['standalone', 'standalone'],
  ['consolidated', 'consolidated'],
]);
const NAME_FORMATS = new Map<string, XbrlFormat>([
  ['INDAS', 'INDAS'],
  ['BANKING', 'BANKING'],
  ['NBFC', 'NBFC'],
  ['NONINDAS', 'NONINDAS'],
]);
const SCHEMA_FORMATS: ReadonlyArray<readonly [RegExp, XbrlFormat]> = [
  [/^Ind-AS_entry_point/i, 'INDAS'],
  [/^banking_entry_point/i, 'BANKING'],
  [/^other_than_banks_entry_point/i, 'NONINDAS'],
];

const INCOME_FIGURES: readonly IncomeFigure[] = ['revenue', 'total_income', 'net_profit', 'eps_basic', 'eps_diluted'];
/** Balance figures that cannot be 0 or less: such a value is a box left empty. */
const POSITIVE_FIGURES: ReadonlySet<BalanceFigure> = new Set(['paid_up_capital', 'face_value', 'total_assets']);
/** Balance figures that can be negative (accumulated losses) but not 0 (README: INFY FY2024 reserves 0.00). */
const NONZERO_FIGURES: ReadonlySet<BalanceFigure> = new Set(['reserves', 'equity']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  // No callback needs the path; not building it saves a fifth of the parse.
  jPath: false,
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const textOf = (node: unknown): string => {
  const value = isRecord(node) ? node['#text'] : node;
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
};

/** The root's children of one name: the parser gives an element filed once as itself, one filed twice as an array. */
const childrenOf = (root: Record<string, unknown>, name: string): unknown[] => {
  const value = root[name];
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
};

/** When NSE published the filing: the name's leading `DDMonYYYY_HHMM`, read in IST, as an ISO instant; else null. */
export const filedAtOf = (fileName: string): string | null => {
  const match = FILED_AT.exec(fileName);
  if (!match) return null;
  const [, day, monthName, year, hour, minute] = match;
  const month = MONTHS.indexOf(monthName);
  if (month < 0 || Number(hour) > 23 || Number(minute) > 59) return null;
  const local = Date.UTC(Number(year), month, Number(day), Number(hour), Number(minute));
  // Date.UTC rolls 31Feb over into March; such a name is not a date.
  if (new Date(local).getUTCDate() !== Number(day)) return null;
  return new Date(local - IST_OFFSET_MS).toISOString();
};

const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
/** A day from a year, a 0-based month and a day that may run over: day 0 is the last day of the month before. */
const utcDay = (year: number, monthIndex: number, day: number): string => dayOf(Date.UTC(year, monthIndex, day));
const partsOf = (date: string): [number, number, number] => [
  Number(date.slice(0, 4)),
  Number(date.slice(5, 7)),
  Number(date.slice(8, 10)),
];

const dateFact = (facts: Facts | null, name: string): string | null => {
  const text = facts?.get(name)?.text;
  if (!text || !ISO_DATE.test(text)) return null;
  const [year, month, day] = partsOf(text);
  return utcDay(year, month - 1, day) === text ? text : null;
};

/**
 * A number as filed, with its sign; null when empty, not a number, or in a unit other than the expected one. A unit of
 * 'pure' or none is taken as filed: banks file their reserves as 'pure' and their total assets without a unit.
 */
const numberOf = (fact: Fact | undefined, unit: string): number | null => {
  if (!fact || !NUMBER.test(fact.text)) return null;
  if (fact.unit !== null && fact.unit !== unit && fact.unit !== 'pure') return null;
  const value = Number(fact.text);
  return Number.isFinite(value) ? value : null;
};

/**
 * The figure the first of `tags` filed with a non-zero value carries, looking in `sources` in order for each tag; a
 * filed 0 only when no later tag or source has more, since companies file 0 for boxes they leave empty.
 */
const pick = (sources: ReadonlyArray<Facts | null>, tags: readonly string[], unit: string): number | null => {
  let zero = false;
  for (const tag of tags) {
    for (const facts of sources) {
      const value = numberOf(facts?.get(tag), unit);
      if (value === null) continue;
      if (value !== 0) return value;
      zero = true;
    }
  }
  return zero ? 0 : null;
};

const unitOf = (figure: string): string => (PER_SHARE_FIGURES.has(figure) ? 'INRPerShare' : 'INR');

const incomeTags = (tags: FormatTags, figure: IncomeFigure, basis: FilingBasis): readonly string[] =>
  (basis === 'standalone' ? tags.standalone[figure] : undefined) ?? tags.income[figure];

const balanceTags = (tags: FormatTags, figure: BalanceFigure, basis: FilingBasis): readonly string[] =>
  (basis === 'standalone' ? tags.standalone[figure] : undefined) ?? tags.balance[figure];

type IncomeFigures = Pick<PeriodFigures, IncomeFigure>;
type CashFlowFigures = Pick<PeriodFigures, CashFlowFigure>;
const NO_INCOME: IncomeFigures = {
  revenue: null,
  total_income: null,
  net_profit: null,
  eps_basic: null,
  eps_diluted: null,
};
const NO_CASH_FLOWS: CashFlowFigures = { operating_cash_flow: null, dividends_paid: null };

/** The income-statement figures of one context; none when the context is absent or every figure is 0 or missing. */
const incomeOf = (facts: Facts | null, tags: FormatTags, basis: FilingBasis): IncomeFigures => {
  if (!facts) return NO_INCOME;
  const figure = (name: IncomeFigure) => pick([facts], incomeTags(tags, name, basis), unitOf(name));
  const income: IncomeFigures = {
    revenue: figure('revenue'),
    total_income: figure('total_income'),
    net_profit: figure('net_profit'),
    eps_basic: figure('eps_basic'),
    eps_diluted: figure('eps_diluted'),
  };
  // All zeros is a period left blank (HINDALCO's Q3 FY2022 consolidated year to date, HEROMOTOCO's Q4 FY2019).
  return INCOME_FIGURES.every((name) => !income[name]) ? NO_INCOME : income;
};

/** Cash flows, which companies file for the half year and the year, some of them in the quarter's context. */
const cashFlowsOf = (sources: ReadonlyArray<Facts | null>, tags: FormatTags): CashFlowFigures => {
  const dividends = pick(sources, tags.cashFlow.dividends_paid, 'INR');
  return {
    operating_cash_flow: pick(sources, tags.cashFlow.operating_cash_flow, 'INR'),
    // Filed as a positive outflow by most companies and as a negative one by a few.
    dividends_paid: dividends === null ? null : Math.abs(dividends),
  };
};

/** Balance figures from the balance sheet (OneI) where filed, else from the results (paid-up capital, reserves). */
const balanceOf = (sources: ReadonlyArray<Facts | null>, tags: FormatTags, basis: FilingBasis): BalanceFigures => {
  const figure = (name: BalanceFigure): number | null => {
    const value = pick(sources, balanceTags(tags, name, basis), unitOf(name));
    if (value === null) return null;
    if (POSITIVE_FIGURES.has(name) && value <= 0) return null;
    return NONZERO_FIGURES.has(name) && value === 0 ? null : value;
  };
  return {
    paid_up_capital: figure('paid_up_capital'),
    face_value: figure('face_value'),
    reserves: figure('reserves'),
    equity: figure('equity'),
    total_assets: figure('total_assets'),
    borrowings_current: figure('borrowings_current'),
    borrowings_noncurrent: figure('borrowings_noncurrent'),
  };
};

/** Facts of the three plain contexts, by element name without its prefix; the first of a repeated fact wins. */
const factsOf = (root: Record<string, unknown>): Record<ContextId, Map<string, Fact>> => {
  const contexts: Record<ContextId, Map<string, Fact>> = { OneD: new Map(), FourD: new Map(), OneI: new Map() };
  for (const key of Object.keys(root)) {
    if (!key.startsWith(FACT_PREFIX)) continue;
    const name = key.slice(FACT_PREFIX.length);
    for (const node of childrenOf(root, key)) {
      if (!isRecord(node)) continue;
      const context = node['@contextRef'];
      if (context !== 'OneD' && context !== 'FourD' && context !== 'OneI') continue;
      const facts = contexts[context];
      if (facts.has(name)) continue;
      const unit = node['@unitRef'];
      facts.set(name, { text: textOf(node), unit: typeof unit === 'string' ? unit : null });
    }
  }
  return contexts;
};

/** The symbol of the contexts' entity (scheme …nseindia.com/NSESymbol); older files define no context for OneD. */
const identifierOf = (root: Record<string, unknown>): string | null => {
  for (const context of childrenOf(root, 'xbrli:context')) {
    const entity = isRecord(context) ? context['xbrli:entity'] : undefined;
    const identifier = isRecord(entity) ? entity['xbrli:identifier'] : undefined;
    if (isRecord(identifier) && /nseindia/i.test(String(identifier['@scheme'] ?? '')) && textOf(identifier)) {
      return textOf(identifier);
    }
  }
  return null;
};

const formatOf = (fileName: string, root: Record<string, unknown>): XbrlFormat | null => {
  const named = NAME_FORMATS.get(fileName.split('_')[2] ?? '');
  if (named) return named;
  const schemaRef = childrenOf(root, 'link:schemaRef')[0];
  const href = isRecord(schemaRef) ? String(schemaRef['@xlink:href'] ?? '') : '';
  return SCHEMA_FORMATS.find(([pattern]) => pattern.test(href))?.[1] ?? null;
};

/** The April–March fiscal year (by the calendar year it ends in) that holds `date`. */
const aprilMarchYear = (date: string): number => {
  const [year, month] = partsOf(date);
  return month >= 4 ? year + 1 : year;
};

type Span = Pick<PeriodFigures, 'start' | 'end'>;
type Fail = (reason: string) => never;

/**
 * The fiscal year and the two periods. The FourD context's own dates are often wrong (README), so the dates come from
 * the facts; banks and Indian GAAP files leave some of those out, and then they follow from the fiscal year's start.
 */
const datesOf = (oneD: Facts, fourD: Facts | null, period: FilingPeriod, fail: Fail) => {
  const fyEnd = dateFact(oneD, 'DateOfEndOfFinancialYear') ?? fail('no valid DateOfEndOfFinancialYear');
  const [endYear, endMonth, endDay] = partsOf(fyEnd);
  const fyStart = dateFact(oneD, 'DateOfStartOfFinancialYear') ?? utcDay(endYear - 1, endMonth - 1, endDay + 1);
  const [startYear, startMonth, startDay] = partsOf(fyStart);
  const filedEnd = dateFact(oneD, 'DateOfEndOfReportingPeriod');
  const end =
    filedEnd ?? (period === 'FY' ? fyEnd : utcDay(startYear, startMonth - 1 + PERIOD_MONTHS[period], startDay - 1));
  const [year, month] = partsOf(end);
  const quarter: Span = { start: dateFact(oneD, 'DateOfStartOfReportingPeriod') ?? utcDay(year, month - 3, 1), end };
  const year_to_date: Span =
    period === 'Q1'
      ? quarter
      : {
          start: dateFact(fourD, 'DateOfStartOfReportingPeriod') ?? fyStart,
          end: dateFact(fourD, 'DateOfEndOfReportingPeriod') ?? end,
        };
  // POWERGRID's H1 FY2023 consolidated filing gives its year as 2022-04-01 – 2022-03-31: the period's end decides then.
  const misfiled = filedEnd !== null && (filedEnd < fyStart || filedEnd > fyEnd);
  return { fiscal_year: misfiled ? aprilMarchYear(end) : endYear, quarter, year_to_date };
};

/**
 * One financial-results filing as a ParsedFiling. `fileName` is the file's name as NSE published it (it starts with the
 * publication time); `symbolHint`, the folder it came from, names the company when the file does not.
 */
export const parseFiling = (fileName: string, xml: string, symbolHint?: string): ParsedFiling => {
  const name = path.basename(fileName);
  const fail: Fail = (reason) => {
    throw new FilingFormatError(name, reason);
  };
  const filed_at = filedAtOf(name) ?? fail('the file name does not start with the publication time DDMonYYYY_HHMM');

  const valid = XMLValidator.validate(xml);
  if (valid !== true) fail(`not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`);
  const root: unknown = parser.parse(xml)['xbrli:xbrl'];
  if (!isRecord(root)) return fail('not an XBRL instance (no xbrli:xbrl root element)');
  const xbrlFormat = formatOf(name, root) ?? fail('unknown reporting format: not named by the file name or the schema');
  const tags = XBRL_TAGS[xbrlFormat];

  const contexts = factsOf(root);
  const oneD = contexts.OneD;
  if (oneD.size === 0) fail('no financial-results facts (nothing filed in the quarter context OneD)');
  const symbol = identifierOf(root) ?? (oneD.get('Symbol')?.text || symbolHint?.trim() || fail('no NSE symbol'));

  const quarterName = oneD.get('ReportingQuarter')?.text || fail('no ReportingQuarter: the period is unknown');
  const period = PERIODS.get(quarterName.toLowerCase()) ?? fail(`unknown ReportingQuarter "${quarterName}"`);
  const basisName = oneD.get('NatureOfReportStandaloneConsolidated')?.text ?? '';
  const basis =
    BASES.get(basisName.toLowerCase()) ?? fail(`unknown NatureOfReportStandaloneConsolidated "${basisName}"`);

  // A first quarter's year to date is the quarter; a FourD context in one (GAIL Q1 FY2020) holds the previous quarter.
  const fourD = period === 'Q1' || contexts.FourD.size === 0 ? null : contexts.FourD;
  const dates = datesOf(oneD, fourD, period, fail);
  const ytdCashFlows = cashFlowsOf([fourD, oneD], tags);
  const quarter: PeriodFigures = {
    ...dates.quarter,
    ...incomeOf(oneD, tags, basis),
    ...(period === 'Q1' ? ytdCashFlows : NO_CASH_FLOWS),
  };
  const year_to_date: PeriodFigures =
    period === 'Q1' ? { ...quarter } : { ...dates.year_to_date, ...incomeOf(fourD, tags, basis), ...ytdCashFlows };

  return {
    symbol,
    fiscal_year: dates.fiscal_year,
    period,
    basis,
    format: tags.format,
    filed_at,
    source_file: name,
    quarter,
    year_to_date,
    balance: balanceOf([contexts.OneI, fourD, oneD], tags, basis),
  };
};

/** Reads and parses one filing file; the folder it sits in (`xbrl/<SYMBOL>/`) is the symbol hint. */
export const readFilingFile = async (file: string): Promise<ParsedFiling> =>
  parseFiling(path.basename(file), await readFile(file, 'utf8'), path.basename(path.dirname(path.resolve(file))));
