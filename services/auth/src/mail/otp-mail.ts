import type { OtpPurpose } from '@nivesh/proto';
import { OTP_TTL_SECONDS } from '../common/otp-crypto';
import type { MailMessage } from './mailer';

export const PRODUCT_NAME = 'Nivesh';
export const OTP_MAIL_SUBJECT = `Your ${PRODUCT_NAME} verification code`;
export const STAFF_NEVER_ASK = `${PRODUCT_NAME} staff will never ask you for this code. Do not share it with anyone.`;

const PURPOSE_TEXT: Record<OtpPurpose, string> = {
  registration: 'to finish creating your account',
  login: 'to sign in',
  password_reset: 'to reset your password',
};

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

export type OtpMailInput = { to: string; username: string; purpose: OtpPurpose; code: string };

/** The one-time-code mail, as plain text and HTML. The code is the first six-digit number in both. */
export const composeOtpMail = ({ to, username, purpose, code }: OtpMailInput): MailMessage => {
  const minutes = Math.round(OTP_TTL_SECONDS / 60);
  const lifetime = `This code expires in ${minutes} minutes.`;
  const why = `Use this code ${PURPOSE_TEXT[purpose]}.`;
  const ignore = `If you did not ask for it, you can ignore this email.`;
  const text = [
    `Hello ${username},`,
    '',
    `Your ${PRODUCT_NAME} verification code is: ${code}`,
    '',
    `${why} ${lifetime}`,
    '',
    STAFF_NEVER_ASK,
    ignore,
    '',
    `— ${PRODUCT_NAME}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<h2 style="margin:0 0 16px">${PRODUCT_NAME}</h2>
<p>Hello ${escapeHtml(username)},</p>
<p>Your ${PRODUCT_NAME} verification code is:</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px;margin:8px 0 16px">${code}</p>
<p>${why} ${lifetime}</p>
<p><strong>${STAFF_NEVER_ASK}</strong></p>
<p style="color:#6b7280">${ignore}</p>
</body></html>`;
  return { to, subject: OTP_MAIL_SUBJECT, text, html };
};
