import { z } from 'zod';

/**
 * How Nivesh is run, in SEBI's terms (README "Compliance profiles"):
 * - `education`: an entity engaged solely in education. Since 1 Jul 2026 it may not use market price data from the
 *   preceding 30 days to display or discuss a named security in a way that indicates its future price (SEBI circular
 *   HO/47/17/12(11)2025-MRD-POD3/I/11107/2026 of 8 May 2026), so every forward-looking output about a named security
 *   is built on prices at least EDUCATION_PRICE_LAG_DAYS old and shown beside what happened since.
 * - `registered`: the tool of a SEBI-registered research analyst, who may publish forward-looking research; current
 *   forecasts, with the analyst's registration shown.
 */
export const COMPLIANCE_PROFILES = ['education', 'registered'] as const;
export const ComplianceProfileSchema = z.enum(COMPLIANCE_PROFILES);
export type ComplianceProfile = z.infer<typeof ComplianceProfileSchema>;

/** Calendar days: the circular speaks of "the preceding 30 days", not of trading sessions. */
export const EDUCATION_PRICE_LAG_DAYS = 30;

/** The circular the `education` profile follows, as people cite it. */
export const SEBI_PRICE_DATA_CIRCULAR = {
  number: 'HO/47/17/12(11)2025-MRD-POD3/I/11107/2026',
  date: '2026-05-08',
  effective: '2026-07-01',
  title: 'Norms for sharing and usage of price data for educational purposes',
} as const;

/**
 * Under `registered`, how long every forecast shown and every chat answer is kept as an audit record, in days: five
 * years by default, as SEBI's consultation paper of 20 Jun 2025 on the responsible use of AI proposes for the inputs and
 * outputs of AI tools (COMPLIANCE_AUDIT_RETENTION_DAYS sets it).
 */
export const COMPLIANCE_AUDIT_RETENTION_DAYS_DEFAULT = 1826;

/** A SEBI research analyst registration number: INH followed by nine digits. */
export const RESEARCH_ANALYST_REGISTRATION = /^INH\d{9}$/;

const IsoDate = z.iso.date();

/** The research analyst a `registered` deployment belongs to, as the operator configured it. */
export const ResearchAnalystSchema = z.object({
  registration_number: z.string().regex(RESEARCH_ANALYST_REGISTRATION),
  name: z.string().min(1),
  /** The last day the registration is valid (SEBI grants it for a period and renews it). */
  valid_until: IsoDate,
});
export type ResearchAnalyst = z.infer<typeof ResearchAnalystSchema>;

/** GET /api/system/compliance: the active profile and its date rules, for the pages and for anyone who asks. */
export const ComplianceSchema = z.object({
  profile: ComplianceProfileSchema,
  /**
   * Forward-looking outputs about a named security (TrendVision, the Hub's forecast agent, Warren AI quoting a forecast)
   * use prices at least this many calendar days old; 0 under `registered`.
   */
  forecast_lag_days: z.number().int().nonnegative(),
  /** Descriptive figures (prices, indicators, risk, fundamentals, news) are current under both profiles. */
  descriptive_lag_days: z.literal(0),
  circular: z.object({ number: z.string(), date: IsoDate, effective: IsoDate, title: z.string() }),
  /** The operator's registration under `registered`; null under `education`. */
  research_analyst: ResearchAnalystSchema.nullable(),
  /** The rules in sentences for people, as /about shows them. */
  rules: z.array(z.string()).min(1),
  /**
   * Under `registered`, the disclosures the research-analyst rules require, in the operator's words (RA_DISCLOSURES_FILE)
   * or Nivesh's defaults; empty under `education`.
   */
  disclosures: z.array(z.string()),
  /** Under `registered`, the audit records kept of forecasts shown and chat answers; null under `education`. */
  audit: z.object({ retention_days: z.number().int().positive(), kept: z.string() }).nullable(),
});
export type Compliance = z.infer<typeof ComplianceSchema>;

/** The latest day a forward-looking output may use under `profile`, when the market's latest bar is `latest`. */
export const forecastCutoff = (profile: ComplianceProfile, latest: string): string => {
  if (profile !== 'education') return latest;
  const day = new Date(`${latest}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - EDUCATION_PRICE_LAG_DAYS);
  return day.toISOString().slice(0, 10);
};
