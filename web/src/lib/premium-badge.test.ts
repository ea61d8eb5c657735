import { premiumBadgeText } from './premium-badge';

describe('premiumBadgeText', () => {
  it.each([
    ['Premium Monthly ₹200/month', 'Premium'],
    ['Premium Monthly', 'Premium'],
    ['premium_monthly', 'Premium'],
    ['Pro Yearly', 'Pro Premium'],
    ['Gold Plan - ₹2,000/year', 'Gold Premium'],
    ['Premium Plus (Rs. 500 per month)', 'Premium Plus'],
    ['Silver 1999 INR per year', 'Silver Premium'],
    ['Annual', 'Premium'],
    ['Monthly Subscription', 'Premium'],
    ['₹200 per month', 'Premium'],
  ])('%s -> %s', (plan, badge) => {
    expect(premiumBadgeText(plan)).toBe(badge);
  });

  it("says 'Test User' when the name contains 'test', in any case", () => {
    expect(premiumBadgeText('Test Plan')).toBe('Test User');
    expect(premiumBadgeText('premium_TEST_monthly')).toBe('Test User');
  });

  it("is plain 'Premium' when the plan is unknown", () => {
    expect(premiumBadgeText(null)).toBe('Premium');
    expect(premiumBadgeText(undefined)).toBe('Premium');
    expect(premiumBadgeText('   ')).toBe('Premium');
  });

  it('shortens a long name to its first word', () => {
    expect(premiumBadgeText('Family Sharing Ultimate Bundle Yearly')).toBe('Family Premium');
    expect(premiumBadgeText('Premium Family Sharing Ultimate Bundle')).toBe('Premium');
    expect(premiumBadgeText('Family Sharing Yearly')).toBe('Family Sharing Premium');
  });
});
