/** Every sentence of the subscription domain that reaches a person, in one place. */

const indianDate = (at: Date) => at.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

export const DEVICE_MESSAGES = {
  /** `device_check_reason` on a device that never held premium; the web shows 'Device Session Conflict: {reason}'. */
  inUseElsewhere: 'Premium is in use on another device.',
  /** `device_check_reason` on the device premium was moved away from. */
  movedAway: (at: Date) => `Premium was moved to another device on ${indianDate(at)}.`,
  /** `logout_message` on the device premium was moved away from, at its next status check. */
  movedAwayLogout:
    'Your premium account is now active on another device, so premium has ended on this one. Use premium on this device to move it back.',
  /** A device asked to take premium while another device was moving it at the same moment. */
  lostRace: 'Another device took premium a moment ago. Please try again if you want to use premium here.',
} as const;

/** Sentences of the subscribe, cancel and device calls. */
export const PREMIUM_MESSAGES = {
  unknownPlan: 'This plan is not available. Please choose a plan on the premium page.',
  alreadyPremium: (until: Date) => `You already have Premium. It is active until ${indianDate(until)}.`,
  cancelled: (until: Date) => `Your subscription is cancelled and will not renew. Premium stays active until ${indianDate(until)}.`,
  cancelledUnpaid: 'Your unfinished payment is cancelled. No money was taken.',
  alreadyCancelled: (until: Date) => `Your subscription is already cancelled. Premium stays active until ${indianDate(until)}.`,
  nothingToCancel: 'You have no subscription to cancel.',
  noPremiumToMove: 'There is no active premium on this account to move to this device.',
} as const;

/** Why a premium tool is refused (the gateway answers 403 with it); `tool` is the tool's name, e.g. '30-day TrendVision forecasts'. */
export const TOOL_MESSAGES = {
  notPremium: (tool: string) => `${tool} are part of Nivesh Premium (₹200 a month). Subscribe on the Premium page to use them.`,
  noDevice: (tool: string) => `${tool} need this device's premium status. Please reload the page and try again.`,
  otherDevice: (tool: string, reason: string) => `${reason} ${tool} are available on the device that holds premium, or here after you choose Use premium on this device on the Premium page.`,
} as const;
