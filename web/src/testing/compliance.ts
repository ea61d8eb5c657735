/** Test answers of GET /api/system/compliance, as proto's complianceOf makes them (the answer check runs on them too). */
import { aiSurfaces } from '../../../proto/src/contracts/compliance';

/** GET /api/system/compliance under the default `education` profile, as proto's complianceOf answers it. */
export const EDUCATION_COMPLIANCE = {
  profile: 'education',
  forecast_lag_days: 30,
  descriptive_lag_days: 0,
  circular: {
    number: 'HO/47/17/12(11)2025-MRD-POD3/I/11107/2026',
    date: '2026-05-08',
    effective: '2026-07-01',
    title: 'Norms for sharing and usage of price data for educational purposes',
  },
  research_analyst: null,
  rules: [
    'Nivesh runs as an education platform, not as a SEBI-registered adviser or research analyst.',
    "Under SEBI's circular of 8 May 2026 on price data in education (in force from 1 Jul 2026), anything that looks ahead for a named stock or index uses prices at least 30 days old: TrendVision's forecasts, the Intelligence Hub's forecast and Warren AI quoting one.",
    'Such a forecast is shown as it would have been made then, beside what actually happened since.',
    'Prices, indicators, risk figures, fundamentals and news describe the past and stay current.',
  ],
  disclosures: [] as string[],
  audit: null as { retention_days: number; kept: string } | null,
  /** The AI surfaces' sentences, as proto words them (the same under both profiles). */
  ai: aiSurfaces(),
};

/** GET /api/system/compliance under the `registered` profile. */
export const REGISTERED_COMPLIANCE = {
  ...EDUCATION_COMPLIANCE,
  profile: 'registered',
  forecast_lag_days: 0,
  research_analyst: { registration_number: 'INH000012345', name: 'Meera Iyer', valid_until: '2029-03-31' },
  rules: [
    'This deployment of Nivesh is run by Meera Iyer, a SEBI-registered research analyst (registration INH000012345, valid until 31 Mar 2029).',
    'Forecasts use the latest prices, as a registered research analyst may publish forward-looking research.',
    "The 30-day lag of SEBI's circular of 8 May 2026 on price data in education (in force from 1 Jul 2026) applies to entities engaged solely in education, which this deployment is not.",
  ],
  disclosures: [
    'Registration granted by SEBI, membership of a SEBI-recognised supervisory body and certification from NISM in no way guarantee the performance of Meera Iyer or provide any assurance of returns to investors.',
    'Investments in the securities market are subject to market risks. Read all the related documents carefully before investing.',
  ],
  audit: {
    retention_days: 1826,
    kept: 'Every forecast shown and every Warren AI answer is kept as an audit record for 5 years, so the research analyst can show a regulator what was published, when, on which prices and with which model.',
  },
};
