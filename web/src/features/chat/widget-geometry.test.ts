import {
  CHAT_DEFAULT_SIZE,
  CHAT_POSITION_KEY,
  CHAT_SIZE_KEY,
  chatWindowRect,
  clampChatPosition,
  clampChatSize,
  keyDelta,
  maximizedRect,
  movedRect,
  readChatPosition,
  readChatSize,
  resizedRect,
  restoredRect,
  saveChatPosition,
  saveChatSize,
} from './widget-geometry';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Whether a rectangle keeps at least 10 px inside the viewport on every side (section 5). */
const inside = (rect: { x: number; y: number; width: number; height: number }, viewport: { width: number; height: number }) =>
  rect.x >= 10 && rect.y >= 10 && rect.x + rect.width <= viewport.width - 10 && rect.y + rect.height <= viewport.height - 10;

describe('chat window geometry', () => {
  it('keeps the size between 300×400 and 90 % of the viewport', () => {
    expect(clampChatSize({ width: 100, height: 100 }, DESKTOP)).toEqual({ width: 300, height: 400 });
    expect(clampChatSize({ width: 5000, height: 5000 }, DESKTOP)).toEqual({ width: 1152, height: 720 });
    expect(clampChatSize({ width: 500, height: 450 }, DESKTOP)).toEqual({ width: 500, height: 450 });
  });

  it('lets a viewport smaller than the minimum win, so the window still fits', () => {
    expect(clampChatSize({ width: 384, height: 384 }, PHONE)).toEqual({ width: 351, height: 400 });
    expect(clampChatSize({ width: 384, height: 500 }, { width: 844, height: 390 })).toEqual({ width: 384, height: 351 });
  });

  it('keeps the position 16 px inside the viewport', () => {
    const size = { width: 400, height: 500 };
    expect(clampChatPosition({ x: -50, y: -50 }, size, DESKTOP)).toEqual({ x: 16, y: 16 });
    expect(clampChatPosition({ x: 5000, y: 5000 }, size, DESKTOP)).toEqual({ x: 1280 - 400 - 16, y: 800 - 500 - 16 });
    expect(clampChatPosition({ x: 300, y: 100 }, size, DESKTOP)).toEqual({ x: 300, y: 100 });
  });

  it('maximizes to min(90 % width, 800) × min(80 % height, 600), centred', () => {
    expect(maximizedRect(DESKTOP)).toEqual({ width: 800, height: 600, x: 240, y: 100 });
    expect(maximizedRect({ width: 600, height: 500 })).toEqual({ width: 540, height: 400, x: 30, y: 50 });
    expect(inside(maximizedRect(PHONE), PHONE)).toBe(true);
  });

  it('restores to 400×500 at the top right', () => {
    expect(restoredRect(DESKTOP)).toEqual({ width: 400, height: 500, x: 1280 - 400 - 16, y: 16 });
    expect(inside(restoredRect(PHONE), PHONE)).toBe(true);
  });

  it('opens at the saved size, at the top right when no position is saved, fitted into the viewport', () => {
    expect(CHAT_DEFAULT_SIZE).toEqual({ width: 384, height: 384, isMaximized: false });
    // 384×384 is saved by default; the 400 px minimum height makes it 384×400 on screen.
    expect(chatWindowRect(CHAT_DEFAULT_SIZE, null, DESKTOP)).toEqual({ width: 384, height: 400, x: 1280 - 384 - 16, y: 16 });
    expect(chatWindowRect({ width: 500, height: 450, isMaximized: false }, { x: 2000, y: 40 }, DESKTOP)).toEqual({ width: 500, height: 450, x: 764, y: 40 });
    expect(chatWindowRect({ width: 500, height: 450, isMaximized: true }, { x: 20, y: 40 }, DESKTOP)).toEqual(maximizedRect(DESKTOP));
    const phone = chatWindowRect(CHAT_DEFAULT_SIZE, { x: 900, y: 300 }, PHONE);
    expect(inside(phone, PHONE)).toBe(true);
  });

  it('moves within the viewport', () => {
    const start = { x: 500, y: 100, width: 400, height: 500 };
    expect(movedRect(start, 100, 50, DESKTOP)).toEqual({ x: 600, y: 150, width: 400, height: 500 });
    expect(movedRect(start, 5000, 5000, DESKTOP)).toEqual({ x: 864, y: 284, width: 400, height: 500 });
    expect(movedRect(start, -5000, -5000, DESKTOP)).toEqual({ x: 16, y: 16, width: 400, height: 500 });
  });

  it('resizes from the bottom left corner, keeping the top right corner, within its limits', () => {
    const start = { x: 500, y: 100, width: 400, height: 500 };
    expect(resizedRect(start, -100, 50, DESKTOP)).toEqual({ x: 400, y: 100, width: 500, height: 550 });
    expect(resizedRect(start, 300, -300, DESKTOP)).toEqual({ x: 600, y: 100, width: 300, height: 400 });
    // Never past the left edge gap or the bottom one, and never over 90 % of the viewport.
    expect(resizedRect(start, -5000, 5000, DESKTOP)).toEqual({ x: 16, y: 100, width: 884, height: 684 });
    const wide = { x: 1200, y: 16, width: 64, height: 400 };
    expect(resizedRect(wide, -5000, 0, DESKTOP).width).toBe(1152);
  });

  it('turns arrow keys into 16 px steps, 64 px with Shift', () => {
    expect(keyDelta('ArrowLeft', false)).toEqual([-16, 0]);
    expect(keyDelta('ArrowDown', true)).toEqual([0, 64]);
    expect(keyDelta('Enter', false)).toBeNull();
  });
});

describe('saved chat window', () => {
  beforeEach(() => localStorage.clear());

  it('keeps position and size under their own keys', () => {
    saveChatPosition({ x: 40, y: 60 });
    saveChatSize({ width: 420, height: 480, isMaximized: true });
    expect(CHAT_POSITION_KEY).toBe('nivesh.chat_position');
    expect(CHAT_SIZE_KEY).toBe('nivesh.chat_size');
    expect(JSON.parse(localStorage.getItem(CHAT_POSITION_KEY)!)).toEqual({ x: 40, y: 60 });
    expect(JSON.parse(localStorage.getItem(CHAT_SIZE_KEY)!)).toEqual({ width: 420, height: 480, isMaximized: true });
    expect(readChatPosition()).toEqual({ x: 40, y: 60 });
    expect(readChatSize()).toEqual({ width: 420, height: 480, isMaximized: true });
  });

  it('reads 384×384 and no position when nothing (or nonsense) is saved', () => {
    expect(readChatSize()).toEqual(CHAT_DEFAULT_SIZE);
    expect(readChatPosition()).toBeNull();
    localStorage.setItem(CHAT_SIZE_KEY, '{"width":"wide","height":300}');
    localStorage.setItem(CHAT_POSITION_KEY, 'not json');
    expect(readChatSize()).toEqual(CHAT_DEFAULT_SIZE);
    expect(readChatPosition()).toBeNull();
  });
});
