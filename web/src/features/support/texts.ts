/** Support contact details shown in the contact dialog. */
export const SUPPORT_TEXTS = {
  title: 'Contact Support',
  email: 'support@nivesh.in',
  hours: 'Monday to Friday, 10:00 AM to 6:00 PM IST, except public holidays',
} as const;
