import { z } from 'zod';
import {
  type Compliance,
  ComplianceProfileSchema,
  EDUCATION_PRICE_LAG_DAYS,
  RESEARCH_ANALYST_REGISTRATION,
  SEBI_PRICE_DATA_CIRCULAR,
} from '../contracts/compliance';

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
};

type ComplianceConfig = { COMPLIANCE_PROFILE: 'education' | 'registered'; RA_REGISTRATION_NUMBER?: string; RA_NAME?: string; RA_VALID_UNTIL?: string };

/** `registered` needs the analyst's registration: each missing variable is named. */
export const checkComplianceConfig = (config: ComplianceConfig, context: z.RefinementCtx): void => {
  if (config.COMPLIANCE_PROFILE !== 'registered') return;
  for (const key of ['RA_REGISTRATION_NUMBER', 'RA_NAME', 'RA_VALID_UNTIL'] as const) {
    if (!config[key]) context.addIssue({ code: 'custom', path: [key], message: 'is required when COMPLIANCE_PROFILE is registered' });
  }
};

const day = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

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
  };
};
