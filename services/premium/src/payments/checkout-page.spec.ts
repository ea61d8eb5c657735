import { CHECKOUT_TEXTS, escapeHtml, formatRupees, renderCheckoutNotFoundPage, renderCheckoutPage } from './checkout-page';

const INPUT = {
  providerSubscriptionId: 'sub_QfN9x2H7cK4mLp',
  planName: 'Premium Monthly',
  amountPaise: 20000,
  status: 'created' as const,
  payAction: '/dev/pay/sub_QfN9x2H7cK4mLp/pay',
  failAction: '/dev/pay/sub_QfN9x2H7cK4mLp/fail',
  returnUrl: 'http://localhost:8080/payment/success',
};

describe('simulator checkout page', () => {
  it('shows the plan, ₹200 a month, and Pay and Fail as form POSTs', () => {
    const html = renderCheckoutPage(INPUT);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<h1>Premium Monthly</h1>');
    expect(html).toContain('₹200 <small>per month</small>');
    expect(html).toContain(CHECKOUT_TEXTS.notice);
    expect(html).toContain(`<form method="post" action="${INPUT.payAction}"><button type="submit" class="pay">Pay ₹200</button></form>`);
    expect(html).toContain(`<form method="post" action="${INPUT.failAction}"><button type="submit" class="fail">Fail</button></form>`);
    expect(html).toContain('sub_QfN9x2H7cK4mLp');
  });

  it('has no scripts or inline handlers, and styles only with the response’s nonce', () => {
    const plain = renderCheckoutPage(INPUT);
    expect(plain).not.toMatch(/<script|\son[a-z]+=|javascript:/i);
    expect(plain).not.toContain('<style');
    expect(plain).not.toContain('style=');
    const styled = renderCheckoutPage({ ...INPUT, nonce: 'bm9uY2U=' });
    expect(styled).toContain('<style nonce="bm9uY2U=">');
  });

  it('escapes everything it is given', () => {
    const html = renderCheckoutPage({ ...INPUT, planName: '<img src=x onerror=alert(1)>', payAction: '/pay?a=1&b="2"', nonce: '"><script>' });
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('action="/pay?a=1&amp;b=&quot;2&quot;"');
    expect(html).not.toContain('<script>');
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });

  it('offers only a way back once the payment is no longer open', () => {
    const paid = renderCheckoutPage({ ...INPUT, status: 'active' });
    expect(paid).toContain(CHECKOUT_TEXTS.alreadyPaid);
    expect(paid).not.toContain('<form');
    expect(paid).toContain(`href="${INPUT.returnUrl}"`);
    expect(renderCheckoutPage({ ...INPUT, status: 'expired' })).toContain(CHECKOUT_TEXTS.notPayable);
    expect(renderCheckoutNotFoundPage()).toContain(CHECKOUT_TEXTS.notFound);
  });

  it('writes rupees the Indian way', () => {
    expect(formatRupees(20000)).toBe('₹200');
    expect(formatRupees(240000)).toBe('₹2,400');
    expect(formatRupees(1_00_00_000)).toBe('₹1,00,000');
    expect(formatRupees(19950)).toBe('₹199.50');
  });
});
