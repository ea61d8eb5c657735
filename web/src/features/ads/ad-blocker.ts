/**
 * Ad-blocker detection with a bait: an element whose class names blockers' cosmetic filters hide.
 * The slot renders it (BAIT_CLASS_NAME) and asks `isBaitBlocked` AD_BLOCKER_CHECK_MS later.
 */

/** Class names from the common filter lists (EasyList's generic element hiding rules). */
export const BAIT_CLASS_NAME = 'adsbox ad-banner ad-placement pub_300x250 pub_728x90 text-ad textAd banner-ads';

/** The bait was hidden or collapsed: a blocker is at work. */
export const isBaitBlocked = (bait: HTMLElement): boolean => {
  if (!bait.isConnected) return true;
  const style = window.getComputedStyle(bait);
  return style.display === 'none' || style.visibility === 'hidden' || bait.offsetHeight === 0 || bait.offsetWidth === 0;
};
