import type { ProviderSubscriptionStatus } from './provider';

/** Texts of the simulator's checkout page, in one place so tests can find them. */
export const CHECKOUT_TEXTS = {
  title: 'Test payment',
  notice: 'This is a test payment page. No real money is taken.',
  explanation: 'Press Pay to complete the payment, or Fail to see what happens when a bank declines it.',
  pay: 'Pay',
  fail: 'Fail',
  alreadyPaid: 'This payment has already been completed.',
  notPayable: 'This payment can no longer be made. Please start again from the premium page.',
  continue: 'Continue',
  notFound: 'This payment page does not exist or has expired. Please start again from the premium page.',
} as const;

export type CheckoutPageInput = {
  providerSubscriptionId: string;
  planName: string;
  amountPaise: number;
  /** How often the amount is charged, as shown after it; 'per month' unless given. */
  perPeriod?: string;
  status: ProviderSubscriptionStatus;
  /** Form targets of the two buttons (POST). */
  payAction: string;
  failAction: string;
  /** Where the Continue link goes once the payment is no longer open. */
  returnUrl: string;
  /** The response's CSP nonce; without one the page carries no styles at all. */
  nonce?: string;
};

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and double-quoted attributes. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);

/** ₹ and whole rupees in Indian grouping (20000 paise → '₹200'), paise only when there are any. */
export const formatRupees = (paise: number): string =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: paise % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;

const STYLE = `
body { font-family: system-ui, sans-serif; background: #0f172a; color: #e2e8f0; display: grid; place-items: center; min-height: 100vh; margin: 0; }
main { background: #1e293b; border-radius: 12px; padding: 2rem; max-width: 26rem; width: 100%; box-sizing: border-box; }
.notice { background: #78350f; color: #fef3c7; border-radius: 6px; padding: 0.5rem 0.75rem; font-size: 0.9rem; }
.amount { font-size: 2rem; font-weight: 700; margin: 0.25rem 0 1rem; }
.actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
.actions form { flex: 1; }
button, .continue { width: 100%; padding: 0.75rem; border: 0; border-radius: 8px; font-size: 1rem; font-weight: 600; cursor: pointer; display: inline-block; text-align: center; text-decoration: none; }
.pay { background: #16a34a; color: #fff; }
.fail, .continue { background: #475569; color: #fff; }
.reference { color: #94a3b8; font-size: 0.8rem; margin-top: 1.5rem; }
`;

const page = (title: string, body: string, nonce?: string): string =>
  [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)}</title>`,
    nonce ? `<style nonce="${escapeHtml(nonce)}">${STYLE}</style>` : '',
    '</head>',
    `<body><main>${body}</main></body>`,
    '</html>',
  ].join('\n');

/**
 * The simulator's hosted checkout for /dev/pay/:id: plan, amount, and Pay and Fail as plain form POSTs.
 * No scripts at all, so the gateway's CSP needs no exception; styles only with the response's nonce.
 */
export const renderCheckoutPage = (input: CheckoutPageInput): string => {
  const amount = formatRupees(input.amountPaise);
  const open = input.status === 'created';
  const actions = open
    ? [
        `<p>${escapeHtml(CHECKOUT_TEXTS.explanation)}</p>`,
        '<div class="actions">',
        `<form method="post" action="${escapeHtml(input.payAction)}"><button type="submit" class="pay">${escapeHtml(`${CHECKOUT_TEXTS.pay} ${amount}`)}</button></form>`,
        `<form method="post" action="${escapeHtml(input.failAction)}"><button type="submit" class="fail">${escapeHtml(CHECKOUT_TEXTS.fail)}</button></form>`,
        '</div>',
      ].join('\n')
    : [
        `<p>${escapeHtml(input.status === 'active' ? CHECKOUT_TEXTS.alreadyPaid : CHECKOUT_TEXTS.notPayable)}</p>`,
        `<p><a class="continue" href="${escapeHtml(input.returnUrl)}">${escapeHtml(CHECKOUT_TEXTS.continue)}</a></p>`,
      ].join('\n');
  const body = [
    `<p class="notice">${escapeHtml(CHECKOUT_TEXTS.notice)}</p>`,
    `<h1>${escapeHtml(input.planName)}</h1>`,
    `<p class="amount">${escapeHtml(amount)} <small>${escapeHtml(input.perPeriod ?? 'per month')}</small></p>`,
    actions,
    `<p class="reference">Reference: ${escapeHtml(input.providerSubscriptionId)}</p>`,
  ].join('\n');
  return page(`${CHECKOUT_TEXTS.title}: ${input.planName}`, body, input.nonce);
};

/** The page for an unknown or expired checkout id (serve it with 404). */
export const renderCheckoutNotFoundPage = (nonce?: string): string =>
  page(CHECKOUT_TEXTS.title, `<p class="notice">${escapeHtml(CHECKOUT_TEXTS.notice)}</p>\n<p>${escapeHtml(CHECKOUT_TEXTS.notFound)}</p>`, nonce);
