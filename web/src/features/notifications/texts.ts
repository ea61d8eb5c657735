/** The notifications' words, in one place: the bell in the header and the list it opens. */
export const NOTIFICATION_TEXTS = {
  title: 'Notifications',
  lead: 'From your price alerts, newest first.',
  listLabel: 'Your notifications, newest first',
  none: 'No notifications yet. When one of your price alerts fires, it appears here.',
  unread: 'Unread',
  markAllRead: 'Mark all read',
  marking: 'Marking...',
  notMarked: 'Not marked read:',
  alerts: 'Your price alerts',
  close: 'Close notifications',
  loading: 'notifications',
} as const;

/** The bell's name for screen readers: "Notifications, 2 unread"; the count itself is drawn for the eye. */
export const bellLabel = (unread: number | undefined): string => {
  if (unread === undefined) return NOTIFICATION_TEXTS.title;
  return `${NOTIFICATION_TEXTS.title}, ${unread === 0 ? 'none' : unread.toLocaleString('en-IN')} unread`;
};

/** The count on the bell: '3', or '99+' past 99 so it stays a small badge. */
export const badgeText = (unread: number): string => (unread > 99 ? '99+' : String(unread));
