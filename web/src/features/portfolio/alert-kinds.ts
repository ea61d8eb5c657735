import { PREMIUM_ALERT_KINDS } from '@nivesh/proto/values';
import type { AlertKind } from '@nivesh/proto';

/** True for the kinds of alert only premium accounts may set (the RSI alerts). */
export const isPremiumAlertKind = (kind: AlertKind): boolean => PREMIUM_ALERT_KINDS.includes(kind);
