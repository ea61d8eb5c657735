/**
 * Where the floating chat window sits and how big it is (sections 4, 5 and 9), as pure functions of the
 * window's viewport, and its two local-storage keys. The saved values are what the visitor chose; what is shown
 * is always fitted into the viewport again, so a smaller window (or a phone) never loses the chat off-screen.
 */

export type ChatPosition = { x: number; y: number };
export type ChatSize = { width: number; height: number };
/** The saved size (section 3): width, height and whether the window is maximized. */
export type ChatSavedSize = ChatSize & { isMaximized: boolean };
export type ChatRect = ChatPosition & ChatSize;
export type Viewport = { width: number; height: number };

export const CHAT_POSITION_KEY = 'nivesh.chat_position';
export const CHAT_SIZE_KEY = 'nivesh.chat_size';

export const CHAT_MIN_SIZE: ChatSize = { width: 300, height: 400 };
/** At most this share of the viewport, either way. */
export const CHAT_MAX_SHARE = 0.9;
/** What is saved before the visitor resizes (section 9). */
export const CHAT_DEFAULT_SIZE: ChatSavedSize = { width: 384, height: 384, isMaximized: false };
/** Restore: this size at the top right. */
export const CHAT_RESTORED_SIZE: ChatSize = { width: 400, height: 500 };
/** Maximized: the smaller of 90 % of the width and 800 px by the smaller of 80 % of the height and 600 px, centred. */
export const CHAT_MAXIMIZED_LIMIT: ChatSize = { width: 800, height: 600 };
export const CHAT_MAXIMIZED_SHARE = { width: 0.9, height: 0.8 };
/** The gap kept between the window and the viewport's edges (section 5: 10 to 20 px). */
export const CHAT_EDGE_GAP = 16;
/** How far one arrow-key press moves or resizes the window (four times as far with Shift). */
export const CHAT_KEY_STEP = 16;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The largest size the viewport allows: 90 % of it, and never past the edge gaps. */
export const maxChatSize = (viewport: Viewport): ChatSize => ({
  width: Math.max(0, Math.floor(Math.min(viewport.width * CHAT_MAX_SHARE, viewport.width - 2 * CHAT_EDGE_GAP))),
  height: Math.max(0, Math.floor(Math.min(viewport.height * CHAT_MAX_SHARE, viewport.height - 2 * CHAT_EDGE_GAP))),
});

/**
 * A size within 300×400 and the largest the viewport allows; on a viewport too small for the minimum (a phone
 * held sideways) the viewport wins, so the window still fits.
 */
export const clampChatSize = (size: ChatSize, viewport: Viewport): ChatSize => {
  const max = maxChatSize(viewport);
  return {
    width: Math.round(clamp(size.width, Math.min(CHAT_MIN_SIZE.width, max.width), max.width)),
    height: Math.round(clamp(size.height, Math.min(CHAT_MIN_SIZE.height, max.height), max.height)),
  };
};

/** A position that keeps a window of `size` the edge gap inside the viewport. */
export const clampChatPosition = (position: ChatPosition, size: ChatSize, viewport: Viewport): ChatPosition => ({
  x: Math.round(clamp(position.x, CHAT_EDGE_GAP, Math.max(CHAT_EDGE_GAP, viewport.width - size.width - CHAT_EDGE_GAP))),
  y: Math.round(clamp(position.y, CHAT_EDGE_GAP, Math.max(CHAT_EDGE_GAP, viewport.height - size.height - CHAT_EDGE_GAP))),
});

/** The top right corner for a window of `size`, where the window opens first and where Restore puts it. */
export const topRightPosition = (size: ChatSize, viewport: Viewport): ChatPosition =>
  clampChatPosition({ x: viewport.width - size.width - CHAT_EDGE_GAP, y: CHAT_EDGE_GAP }, size, viewport);

/** Maximize: min(90 % width, 800) × min(80 % height, 600), centred. */
export const maximizedRect = (viewport: Viewport): ChatRect => {
  const width = Math.floor(Math.min(viewport.width * CHAT_MAXIMIZED_SHARE.width, CHAT_MAXIMIZED_LIMIT.width));
  const height = Math.floor(Math.min(viewport.height * CHAT_MAXIMIZED_SHARE.height, CHAT_MAXIMIZED_LIMIT.height));
  return { width, height, x: Math.round((viewport.width - width) / 2), y: Math.round((viewport.height - height) / 2) };
};

/** Restore: 400×500 (fitted to the viewport) at the top right. */
export const restoredRect = (viewport: Viewport): ChatRect => {
  const size = clampChatSize(CHAT_RESTORED_SIZE, viewport);
  return { ...size, ...topRightPosition(size, viewport) };
};

/** The window as shown: maximized, or the saved size and position (top right when none is saved) fitted in. */
export const chatWindowRect = (size: ChatSavedSize, position: ChatPosition | null, viewport: Viewport): ChatRect => {
  if (size.isMaximized) return maximizedRect(viewport);
  const fitted = clampChatSize(size, viewport);
  return { ...fitted, ...(position ? clampChatPosition(position, fitted, viewport) : topRightPosition(fitted, viewport)) };
};

/** The window dragged by (dx, dy) from where the drag started, kept inside. */
export const movedRect = (start: ChatRect, dx: number, dy: number, viewport: Viewport): ChatRect => ({
  ...start,
  ...clampChatPosition({ x: start.x + dx, y: start.y + dy }, start, viewport),
});

/**
 * The window resized from its bottom left corner by (dx, dy): the top right corner stays where it is, and the
 * size stays within its limits and inside the viewport's edge gaps.
 */
export const resizedRect = (start: ChatRect, dx: number, dy: number, viewport: Viewport): ChatRect => {
  const right = start.x + start.width;
  const max = maxChatSize(viewport);
  const maxWidth = Math.min(max.width, right - CHAT_EDGE_GAP);
  const maxHeight = Math.min(max.height, viewport.height - CHAT_EDGE_GAP - start.y);
  const width = Math.round(clamp(start.width - dx, Math.min(CHAT_MIN_SIZE.width, maxWidth), maxWidth));
  const height = Math.round(clamp(start.height + dy, Math.min(CHAT_MIN_SIZE.height, maxHeight), maxHeight));
  return { x: right - width, y: start.y, width, height };
};

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** The (dx, dy) of an arrow key on the move or resize handle, or null for other keys. */
export const keyDelta = (key: string, large: boolean): [number, number] | null => {
  const arrow = ARROWS[key];
  if (!arrow) return null;
  const step = large ? CHAT_KEY_STEP * 4 : CHAT_KEY_STEP;
  return [arrow[0] * step, arrow[1] * step];
};

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

const read = (key: string): unknown => {
  try {
    const text = window.localStorage.getItem(key);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
};

const write = (key: string, value: unknown) => {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A full or disabled storage only costs the remembered place.
  }
};

/** The saved position, or null when none is saved (or it is not one). */
export const readChatPosition = (): ChatPosition | null => {
  const value = read(CHAT_POSITION_KEY);
  if (typeof value !== 'object' || value === null) return null;
  const { x, y } = value as Record<string, unknown>;
  return finite(x) && finite(y) ? { x, y } : null;
};

/** The saved size; 384×384, not maximized, when none is saved. */
export const readChatSize = (): ChatSavedSize => {
  const value = read(CHAT_SIZE_KEY);
  if (typeof value !== 'object' || value === null) return CHAT_DEFAULT_SIZE;
  const { width, height, isMaximized } = value as Record<string, unknown>;
  if (!finite(width) || !finite(height) || width <= 0 || height <= 0) return CHAT_DEFAULT_SIZE;
  return { width, height, isMaximized: isMaximized === true };
};

export const saveChatPosition = (position: ChatPosition) => write(CHAT_POSITION_KEY, { x: position.x, y: position.y });

export const saveChatSize = (size: ChatSavedSize) => write(CHAT_SIZE_KEY, { width: size.width, height: size.height, isMaximized: size.isMaximized });
