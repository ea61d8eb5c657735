/** The circular the `education` profile follows, as people cite it. */
export const SEBI_PRICE_DATA_CIRCULAR = {
  number: 'HO/47/17/12(11)2025-MRD-POD3/I/11107/2026',
  date: '2026-05-08',
  effective: '2026-07-01',
  title: 'Norms for sharing and usage of price data for educational purposes',
} as const;
