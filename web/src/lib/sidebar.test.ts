import {
  SIDEBAR_DEFAULT_WIDTH,
  SIDEBAR_WIDTH_KEY,
  clampSidebarWidth,
  isCollapsedViewport,
  readSidebarWidth,
  saveSidebarWidth,
  sidebarWidthForKey,
} from './sidebar';

describe('sidebar sizing', () => {
  it('clamps dragged widths to 240..480 px', () => {
    expect(clampSidebarWidth(100)).toBe(240);
    expect(clampSidebarWidth(239.4)).toBe(240);
    expect(clampSidebarWidth(240)).toBe(240);
    expect(clampSidebarWidth(333.6)).toBe(334);
    expect(clampSidebarWidth(480)).toBe(480);
    expect(clampSidebarWidth(481)).toBe(480);
    expect(clampSidebarWidth(10_000)).toBe(480);
    expect(clampSidebarWidth(Number.NaN)).toBe(SIDEBAR_DEFAULT_WIDTH);
  });

  it('collapses below 768 px and not at 768 px', () => {
    expect(isCollapsedViewport(360)).toBe(true);
    expect(isCollapsedViewport(767)).toBe(true);
    expect(isCollapsedViewport(768)).toBe(false);
    expect(isCollapsedViewport(1440)).toBe(false);
  });

  it('moves 16 px per arrow key and stops at the limits', () => {
    expect(sidebarWidthForKey(272, 'ArrowRight')).toBe(288);
    expect(sidebarWidthForKey(272, 'ArrowLeft')).toBe(256);
    expect(sidebarWidthForKey(248, 'ArrowLeft')).toBe(240);
    expect(sidebarWidthForKey(472, 'ArrowRight')).toBe(480);
    expect(sidebarWidthForKey(300, 'Home')).toBe(240);
    expect(sidebarWidthForKey(300, 'End')).toBe(480);
    expect(sidebarWidthForKey(300, 'Enter')).toBeNull();
  });

  it('remembers the width under its own key, clamped when read back', () => {
    localStorage.clear();
    expect(readSidebarWidth()).toBe(SIDEBAR_DEFAULT_WIDTH);
    saveSidebarWidth(350);
    expect(localStorage.getItem(SIDEBAR_WIDTH_KEY)).toBe('350');
    expect(readSidebarWidth()).toBe(350);
    localStorage.setItem(SIDEBAR_WIDTH_KEY, '9000');
    expect(readSidebarWidth()).toBe(480);
    localStorage.setItem(SIDEBAR_WIDTH_KEY, 'wide');
    expect(readSidebarWidth()).toBe(SIDEBAR_DEFAULT_WIDTH);
  });
});
