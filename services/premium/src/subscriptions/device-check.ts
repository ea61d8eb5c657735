import type { DeviceCheck } from '@nivesh/proto';
import { DEVICE_MESSAGES } from './messages';

/** Who holds premium for a user: the device, since when, and the device it was moved away from. */
export type DeviceClaim = { device_id: string; claimed_at: Date; previous_device_id: string | null };

/**
 * The one-device rule for one status check. With no claim yet nobody holds premium, so the device is
 * allowed (the caller then claims it). The device premium was moved away from gets a `logout_message`
 * at every check until it takes premium back, so each of its tabs learns of the move.
 */
export const deviceCheckFor = (claim: DeviceClaim | null, deviceId: string): DeviceCheck => {
  if (!claim || claim.device_id === deviceId) return { allowed: true, reason: null, logout_message: null };
  if (claim.previous_device_id === deviceId) {
    return { allowed: false, reason: DEVICE_MESSAGES.movedAway(claim.claimed_at), logout_message: DEVICE_MESSAGES.movedAwayLogout };
  }
  return { allowed: false, reason: DEVICE_MESSAGES.inUseElsewhere, logout_message: null };
};

/**
 * The result of claiming premium for a device. Exactly one of several devices claiming at once wins:
 * a claim succeeds only if the holder it saw when it started is still the holder when it writes.
 */
export type ClaimResult =
  | { won: true; outcome: 'claimed' | 'moved' | 'already_held'; previous_device_id: string | null }
  | { won: false; outcome: 'held_by_other' | 'lost_race'; message: string };
