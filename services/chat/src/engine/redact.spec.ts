import { withoutPersonalData } from './redact';

describe('withoutPersonalData', () => {
  it.each([
    ['my email is ravi.k@example.com, what is an ETF?', 'my email is [e-mail], what is an ETF?'],
    ['I paid to ravi@okicici by UPI, how do refunds work', 'I paid to [UPI id] by UPI, how do refunds work'],
    ['my PAN ABCDE1234F is not linked, what is KYC?', 'my PAN [PAN] is not linked, what is KYC?'],
    ['aadhaar 1234 5678 9012 se e-KYC kaise hota hai', 'aadhaar [number] se e-KYC kaise hota hai'],
    ['call me on +91 98765 43210 about bonds', 'call me on [phone] about bonds'],
    ['my demat 1208160012345678 shows zero', 'my demat [number] shows zero'],
  ])('removes what identifies a person from %j', (question, logged) => {
    expect(withoutPersonalData(question)).toBe(logged);
  });

  it('keeps questions about markets as they are, figures included', () => {
    expect(withoutPersonalData('Why did NIFTY fall 2% on 4 June 2024 from 23,000?')).toBe('Why did NIFTY fall 2% on 4 June 2024 from 23,000?');
  });
});
