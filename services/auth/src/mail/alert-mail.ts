import type { AlertEmailJob } from '@nivesh/proto';
import type { MailMessage } from './mailer';
import { escapeHtml, PRODUCT_NAME } from './otp-mail';

export type AlertMailInput = { to: string; username: string; alerts: AlertEmailJob['alerts'] };

const NOT_ADVICE = `Prices are end-of-day closes, not live prices. An alert is a reminder you set, not advice to buy or sell.`;
const HOW_TO_STOP = `To stop these e-mails, delete the alert on the Portfolio page of ${PRODUCT_NAME}.`;

/**
 * The mail for the alerts of one user that fired in one evaluation, as plain text and HTML: one line per alert, the
 * sentences of the notifications list, so both say the same thing.
 */
export const composeAlertMail = ({ to, username, alerts }: AlertMailInput): MailMessage => {
  const symbols = [...new Set(alerts.map((alert) => alert.symbol))];
  const subject =
    alerts.length === 1
      ? `${PRODUCT_NAME} alert: ${symbols[0]}`
      : `${PRODUCT_NAME}: ${alerts.length} of your alerts fired (${symbols.slice(0, 3).join(', ')}${symbols.length > 3 ? ' and more' : ''})`;
  const intro = alerts.length === 1 ? 'One of your price alerts fired:' : `${alerts.length} of your price alerts fired:`;
  const text = [`Hello ${username},`, '', intro, '', ...alerts.map((alert) => `- ${alert.message}.`), '', NOT_ADVICE, HOW_TO_STOP, '', `— ${PRODUCT_NAME}`].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<h2 style="margin:0 0 16px">${PRODUCT_NAME}</h2>
<p>Hello ${escapeHtml(username)},</p>
<p>${intro}</p>
<ul>${alerts.map((alert) => `<li>${escapeHtml(alert.message)}.</li>`).join('')}</ul>
<p style="color:#6b7280">${NOT_ADVICE}<br>${HOW_TO_STOP}</p>
</body></html>`;
  return { to, subject, text, html };
};
