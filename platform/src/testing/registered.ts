/**
 * The settings of a `registered` deployment in tests: a research analyst's registration (INH + nine digits, a made-up
 * one), as the int specs and the e2e daily stack set it.
 */
export const REGISTERED_TEST_ENV = {
  COMPLIANCE_PROFILE: 'registered',
  RA_REGISTRATION_NUMBER: 'INH000000001',
  RA_NAME: 'Nivesh Research (test)',
  RA_VALID_UNTIL: '2030-12-31',
} as const;
