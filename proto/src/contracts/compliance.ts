import { z } from 'zod';
export { SEBI_PRICE_DATA_CIRCULAR } from '../values/compliance';

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

/** Nivesh's AI surfaces, as SEBI's January 2025 circulars ask a research analyst to disclose them. */
export const AI_SURFACES = ['trendvision', 'warren', 'hub', 'news'] as const;
export const AiSurfaceKeySchema = z.enum(AI_SURFACES);
export type AiSurfaceKey = z.infer<typeof AiSurfaceKeySchema>;

/** One AI surface: its name, what of it is automated, and what has been measured of how well it does, in sentences. */
export const AiSurfaceSchema = z.object({ surface: AiSurfaceKeySchema, name: z.string(), automated: z.string(), measured: z.string() });
export type AiSurface = z.infer<typeof AiSurfaceSchema>;

/**
 * The figures measured of the AI surfaces that are not measured per answer (TrendVision's forecasts carry their own
 * back-test). Each is recomputed by the test named beside it, which fails when a change to the model moves the figure,
 * until the figure here is brought up to date: the pages never quote a measurement the running code would not repeat.
 */
export const AI_MEASURED = {
  /**
   * Warren AI's compliance guard on its held-out questions (services/chat/src/guard/data/holdout.jsonl, never trained
   * on); checked by services/chat/src/guard/measured.spec.ts.
   */
  guard: { advice: { asked: 1470, refused: 1459 }, educational: { asked: 1072, refused: 8 } },
  /**
   * Warren AI's answers to its labelled questions (services/chat/src/knowledge/eval-questions.jsonl), 5-fold
   * cross-validated in a technical chat by `npm run eval:chat`; checked against what it recorded in the shipped
   * retrieval model by services/chat/src/knowledge/knowledge-base.spec.ts.
   */
  relevance: { questions: 701, asked: 631, onTopic: 569, wrongTopic: 19 },
  /** AI News tones against a reader's labels (services/market/src/news/data/tone.jsonl); checked by tone.spec.ts. */
  tone: { labelled: 210, agreed: 162 },
} as const;

const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)}%`;
const counted = (n: number) => n.toLocaleString('en-IN');

/** What of each AI surface is automated and what has been measured of it, in sentences (the AI_MEASURED figures). */
export const aiSurfaces = (): AiSurface[] => {
  const { guard, relevance, tone } = AI_MEASURED;
  return [
    {
      surface: 'trendvision',
      name: 'TrendVision',
      automated: 'TrendVision’s forecasts are made automatically by statistical models fitted to past closing prices; no person reviews a forecast before it is shown.',
      measured:
        'Each forecast is shown with its own walk-forward back-test on that stock: how often the price ended inside the 80% and 95% ranges on days the model had not seen, and its error against the simple no-change forecast.',
    },
    {
      surface: 'warren',
      name: 'Warren AI',
      automated: 'Warren AI’s answers are written automatically from Nivesh’s guides and figures; no person reads an answer before you do.',
      measured:
        `Warren AI’s compliance check, tried on ${counted(guard.advice.asked + guard.educational.asked)} questions it never learned from, refused ${percent(guard.advice.refused, guard.advice.asked)} of the ${counted(guard.advice.asked)} that sought investment advice ` +
        `and wrongly refused ${percent(guard.educational.refused, guard.educational.asked)} of the ${counted(guard.educational.asked)} educational ones. ` +
        `Tried on ${counted(relevance.questions)} labelled questions it was not fitted to, it answered ${percent(relevance.onTopic, relevance.asked)} of the ${counted(relevance.asked)} that one of its guides covers from that guide, ` +
        `and ${percent(relevance.wrongTopic, relevance.questions)} of all of them from a guide on another topic; otherwise it said it had no guide.`,
    },
    {
      surface: 'hub',
      name: 'Intelligence Hub',
      automated:
        'Each Intelligence Hub report is put together automatically by six software agents (technical, valuation, risk, news, sentiment and forecast) from Nivesh’s figures, and its summary is composed from theirs; no person reviews a report.',
      measured:
        'Its forecast section is TrendVision’s and shows that stock’s back-test. The other sections describe past figures, which have no accuracy to measure, and every text passes the same compliance check as Warren AI’s answers.',
    },
    {
      surface: 'news',
      name: 'AI News',
      automated:
        'AI News gathers its items automatically from NSE’s filings, prices and the configured news feeds, gives each a tone from its words (a results item by its figures), and has a language model write a one-line summary only where the operator has configured one.',
      measured:
        `The tone from words agreed with a reader’s on ${tone.agreed} of ${tone.labelled} labelled headlines (${percent(tone.agreed, tone.labelled)}). ` +
        'The summaries’ accuracy has not been measured; each passes the same compliance check as Warren AI’s answers and is withheld when it fails.',
    },
  ];
};

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
  /** Every AI surface, what of it is automated and its measured accuracy; each surface shows its own under `registered`. */
  ai: z.array(AiSurfaceSchema).length(AI_SURFACES.length),
});
export type Compliance = z.infer<typeof ComplianceSchema>;

/** The latest day a forward-looking output may use under `profile`, when the market's latest bar is `latest`. */
export const forecastCutoff = (profile: ComplianceProfile, latest: string): string => {
  if (profile !== 'education') return latest;
  const day = new Date(`${latest}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - EDUCATION_PRICE_LAG_DAYS);
  return day.toISOString().slice(0, 10);
};
