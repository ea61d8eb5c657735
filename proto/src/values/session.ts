/** Session lifetime from login (section 6): 720 hours. */
export const SESSION_TTL_HOURS = 720;
