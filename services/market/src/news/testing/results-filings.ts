import type { Filing } from '../../fundamentals/derive';
import type { PeriodFigures } from '../../fundamentals/filing';

const BALANCE: Filing['balance'] = { paid_up_capital: null, face_value: null, reserves: null, equity: null, total_assets: null, borrowings_current: null, borrowings_noncurrent: null };

/** Figures in rupees as filed (revenue, or interest earned for a bank; net profit; basic EPS). */
const quarter = (start: string, end: string, revenue: number | null, profit: number | null, eps: number | null): PeriodFigures => ({
  start,
  end,
  revenue,
  total_income: null,
  net_profit: profit,
  eps_basic: eps,
  eps_diluted: null,
  operating_cash_flow: null,
  dividends_paid: null,
});

/** A consolidated Q3 filing (October–December of the fiscal year's first calendar year); only the quarter's figures matter here. */
export const consolidatedQ3 = (
  fiscalYear: number,
  filedAt: string,
  sourceFile: string,
  revenue: number | null,
  profit: number | null,
  eps: number | null,
  format: Filing['format'] = 'indas',
): Filing => ({
  fiscal_year: fiscalYear,
  period: 'Q3',
  basis: 'consolidated',
  format,
  filed_at: filedAt,
  source_file: sourceFile,
  quarter: quarter(`${fiscalYear - 1}-10-01`, `${fiscalYear - 1}-12-31`, revenue, profit, eps),
  year_to_date: quarter(`${fiscalYear - 1}-04-01`, `${fiscalYear - 1}-12-31`, null, null, null),
  balance: BALANCE,
});

/**
 * The consolidated Q3 FY2024 and Q3 FY2025 filings (figures as in the shared dataset's XBRL files) of the five results
 * items that page 1 of /ai-news called Positive although their net profit fell year on year: by 40.6 % (Grasim),
 * 39.1 % (IndusInd Bank), 16.8 % (ONGC), 7.5 % (ITC) and 0.6 % (Titan), while revenue rose.
 */
export const FALLING_PROFIT_FILINGS: Record<string, { name: string; filings: Filing[] }> = {
  GRASIM: {
    name: 'Grasim',
    filings: [
      consolidatedQ3(2024, '2024-02-09T05:46:00.000Z', '09Feb2024_1116_INDAS_102924_1049075_09022024111606.xml', 319654800000, 15144400000, 23.08),
      consolidatedQ3(2025, '2025-02-10T15:59:00.000Z', '10Feb2025_2129_INDAS_119491_1377333_10022025092957.xml', 347928500000, 8989700000, 13.47),
    ],
  },
  INDUSINDBK: {
    name: 'IndusInd Bank',
    filings: [
      consolidatedQ3(2024, '2024-01-18T12:56:00.000Z', '18Jan2024_1826_BANKING_101156_1027758_18012024062622.xml', 115722500000, 23014200000, 29.6, 'banking'),
      consolidatedQ3(2025, '2025-01-31T12:07:00.000Z', '31Jan2025_1737_BANKING_118322_1367519_31012025053735.xml', 128007700000, 14023300000, 18.01, 'banking'),
    ],
  },
  ONGC: {
    name: 'ONGC',
    filings: [
      consolidatedQ3(2024, '2024-02-12T10:18:00.000Z', '12Feb2024_1548_INDAS_103437_1051854_12022024034847.xml', 1655690600000, 103564400000, 8.23),
      consolidatedQ3(2025, '2025-01-31T15:15:00.000Z', '31Jan2025_2045_INDAS_118395_1368047_31012025084518.xml', 1660966800000, 86216900000, 6.85),
    ],
  },
  ITC: {
    name: 'ITC',
    filings: [
      consolidatedQ3(2024, '2024-01-29T13:33:00.000Z', '29Jan2024_1903_INDAS_101669_1038159_29012024070334.xml', 194845000000, 53352300000, 4.28),
      consolidatedQ3(2025, '2025-02-06T13:50:00.000Z', '06Feb2025_1920_INDAS_118941_1373614_06022025072019.xml', 203499600000, 49348000000, 3.95),
    ],
  },
  TITAN: {
    name: 'Titan',
    filings: [
      consolidatedQ3(2024, '2024-02-02T06:46:00.000Z', '02Feb2024_1216_INDAS_102057_1042294_02022024121607.xml', 141640000000, 10533000000, 11.91),
      consolidatedQ3(2025, '2025-02-04T17:24:00.000Z', '04Feb2025_2254_INDAS_118668_1371012_04022025105441.xml', 177400000000, 10470000000, 11.8),
    ],
  },
};
