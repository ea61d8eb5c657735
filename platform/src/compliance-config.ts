import { readFileSync } from 'node:fs';
import { z } from 'zod';
import {
  aiSurfaces,
  type Compliance,
  COMPLIANCE_AUDIT_RETENTION_DAYS_DEFAULT,
  ComplianceProfileSchema,
  EDUCATION_PRICE_LAG_DAYS,
  RESEARCH_ANALYST_REGISTRATION,
  SEBI_PRICE_DATA_CIRCULAR,
} from '@nivesh/proto';

/**
 * The compliance settings, read by every process that shows or makes a forward-looking output (README "Compliance
 * profiles"). A service's config schema spreads this shape and ends with `.superRefine(checkComplianceConfig)`.
 */
export const COMPLIANCE_CONFIG = {
  /** `education` (the default) or `registered`: see proto's COMPLIANCE_PROFILES. */
  COMPLIANCE_PROFILE: ComplianceProfileSchema.default('education'),
  /** Under `registered`: the SEBI research analyst registration number (INH + nine digits), name and last valid day. */
  RA_REGISTRATION_NUMBER: z.string().regex(RESEARCH_ANALYST_REGISTRATION, { error: 'must be a SEBI research analyst registration number: INH followed by nine digits' }).optional(),
  RA_NAME: z.string().min(1).max(200).optional(),
  RA_VALID_UNTIL: z.iso.date({ error: 'must be a date, YYYY-MM-DD' }).optional(),
  /**
   * Under `registered`: a UTF-8 text file of the disclosures the research-analyst rules require, in the operator's words,
   * one per paragraph (paragraphs separated by a blank line). Without it Nivesh shows its default disclosures.
   */
  RA_DISCLOSURES_FILE: z.string().min(1).optional(),
  /** Under `registered`: days an audit record of a forecast shown or a chat answer is kept (five years by default). */
  COMPLIANCE_AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(COMPLIANCE_AUDIT_RETENTION_DAYS_DEFAULT),
};

type ComplianceConfig = {
  COMPLIANCE_PROFILE: 'education' | 'registered';
  RA_REGISTRATION_NUMBER?: string;
  RA_NAME?: string;
  RA_VALID_UNTIL?: string;
  RA_DISCLOSURES_FILE?: string;
  COMPLIANCE_AUDIT_RETENTION_DAYS: number;
};

/** The operator's disclosures: the file's paragraphs, whitespace inside each squashed to single spaces. */
export const readDisclosures = (file: string): string[] =>
  readFileSync(file, 'utf8')
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

/** `registered` needs the analyst's registration: each missing variable is named. */
export const checkComplianceConfig = (config: ComplianceConfig, context: z.RefinementCtx): void => {
  if (config.COMPLIANCE_PROFILE !== 'registered') return;
  for (const key of ['RA_REGISTRATION_NUMBER', 'RA_NAME', 'RA_VALID_UNTIL'] as const) {
    if (!config[key]) context.addIssue({ code: 'custom', path: [key], message: 'is required when COMPLIANCE_PROFILE is registered' });
  }
  if (!config.RA_DISCLOSURES_FILE) return;
  try {
    if (!readDisclosures(config.RA_DISCLOSURES_FILE).length) context.addIssue({ code: 'custom', path: ['RA_DISCLOSURES_FILE'], message: 'holds no text' });
  } catch (error) {
    context.addIssue({ code: 'custom', path: ['RA_DISCLOSURES_FILE'], message: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` });
  }
};

/**
 * What a research analyst must tell clients (SEBI (Research Analysts) Regulations, 2014 as amended in Dec 2024, and the
 * Master Circular for Research Analysts), worded for this product; the operator replaces them with RA_DISCLOSURES_FILE.
 */
export const defaultDisclosures = (name: string): string[] => [
  `Registration granted by SEBI, membership of a SEBI-recognised supervisory body and certification from NISM in no way guarantee the performance of ${name} or provide any assurance of returns to investors.`,
  'Investments in the securities market are subject to market risks. Read all the related documents carefully before investing.',
  `Use of artificial intelligence: TrendVision's forecasts, the Intelligence Hub's reports, Warren AI's answers and the AI News summaries are produced automatically by software, and no person reviews each one before you see it. ${name} remains responsible for them. Every forecast is shown with the accuracy its back-test measured.`,
  `Research here is the same for every client and is not tailored to your circumstances. Ask ${name} about any financial interest it or its associates hold in a stock before acting on research about it.`,
];

const day = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

const years = (days: number) => (days % 365 <= 2 && days >= 365 ? `${Math.round(days / 365)} year${days < 730 ? '' : 's'}` : `${days.toLocaleString('en-IN')} days`);

/** The privacy text of the audit records: what is kept, for how long and why. */
const auditKept = (days: number) =>
  `Every forecast shown and every Warren AI answer is kept as an audit record for ${years(days)}, so the research analyst can show a regulator what was published, when, on which prices and with which model. A record holds what was shown (for a chat, the question and the answer), when, the prices' data version and the model; for a forecast asked while signed in, a one-way hash of your account id. It holds no e-mail address, name or other contact detail, and chat records are not linked to an account.`;

/** What GET /api/system/compliance answers for these settings. */
export const complianceOf = (config: ComplianceConfig): Compliance => {
  const circular = { ...SEBI_PRICE_DATA_CIRCULAR };
  const cited = `SEBI's circular of ${day(circular.date)} on price data in education (in force from ${day(circular.effective)})`;
  if (config.COMPLIANCE_PROFILE === 'registered') {
    const analyst = { registration_number: config.RA_REGISTRATION_NUMBER!, name: config.RA_NAME!, valid_until: config.RA_VALID_UNTIL! };
    return {
      profile: 'registered',
      forecast_lag_days: 0,
      descriptive_lag_days: 0,
      circular,
      research_analyst: analyst,
      rules: [
        `This deployment of Nivesh is run by ${analyst.name}, a SEBI-registered research analyst (registration ${analyst.registration_number}, valid until ${day(analyst.valid_until)}).`,
        'Forecasts use the latest prices, as a registered research analyst may publish forward-looking research.',
        `The 30-day lag of ${cited} applies to entities engaged solely in education, which this deployment is not.`,
      ],
      disclosures: config.RA_DISCLOSURES_FILE ? readDisclosures(config.RA_DISCLOSURES_FILE) : defaultDisclosures(analyst.name),
      audit: { retention_days: config.COMPLIANCE_AUDIT_RETENTION_DAYS, kept: auditKept(config.COMPLIANCE_AUDIT_RETENTION_DAYS) },
      ai: aiSurfaces(),
    };
  }
  return {
    profile: 'education',
    forecast_lag_days: EDUCATION_PRICE_LAG_DAYS,
    descriptive_lag_days: 0,
    circular,
    research_analyst: null,
    rules: [
      'Nivesh runs as an education platform, not as a SEBI-registered adviser or research analyst.',
      `Under ${cited}, anything that looks ahead for a named stock or index uses prices at least ${EDUCATION_PRICE_LAG_DAYS} days old: TrendVision's forecasts, the Intelligence Hub's forecast and Warren AI quoting one.`,
      'Such a forecast is shown as it would have been made then, beside what actually happened since.',
      'Prices, indicators, risk figures, fundamentals and news describe the past and stay current.',
    ],
    disclosures: [],
    audit: null,
    ai: aiSurfaces(),
  };
};
