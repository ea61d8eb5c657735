import { useCallback, useEffect, useState } from 'react';
import type { ChatPosition, ChatRect, ChatSavedSize, Viewport } from '../widget-geometry';
import { chatWindowRect, readChatPosition, readChatSize, restoredRect, saveChatPosition, saveChatSize } from '../widget-geometry';

/** The viewport a fixed element lives in: the window less its vertical scrollbar. */
const readViewport = (): Viewport => ({
  width: Math.min(window.innerWidth, document.documentElement.clientWidth || Number.POSITIVE_INFINITY),
  height: window.innerHeight,
});

/** The viewport's size, followed as the window is resized. */
const useViewport = (): Viewport => {
  const [viewport, setViewport] = useState(readViewport);
  useEffect(() => {
    const onResize = () => setViewport(readViewport());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return viewport;
};

type Placement = { size: ChatSavedSize; position: ChatPosition | null };

export type ChatWindowPlacement = {
  /** Where the window is and how big, fitted into the viewport now. */
  rect: ChatRect;
  maximized: boolean;
  viewport: Viewport;
  /** Puts the window at `rect` (no longer maximized); `persist` saves position and size, e.g. when a drag ends. */
  place: (rect: ChatRect, persist: boolean) => void;
  /** Maximize, or restore to 400×500 at the top right; either is saved. */
  toggleMaximized: () => void;
};

/**
 * The floating window's position and size: read from their local-storage keys, fitted into the viewport on every
 * render (so a resized browser window keeps the chat inside), and saved when the visitor has moved or resized it.
 */
export const useChatWindow = (): ChatWindowPlacement => {
  const viewport = useViewport();
  const [placement, setPlacement] = useState<Placement>(() => ({ size: readChatSize(), position: readChatPosition() }));
  const rect = chatWindowRect(placement.size, placement.position, viewport);

  const place = useCallback((next: ChatRect, persist: boolean) => {
    const size = { width: next.width, height: next.height, isMaximized: false };
    const position = { x: next.x, y: next.y };
    setPlacement({ size, position });
    if (!persist) return;
    saveChatSize(size);
    saveChatPosition(position);
  }, []);

  const toggleMaximized = useCallback(() => {
    if (placement.size.isMaximized) {
      place(restoredRect(viewport), true);
      return;
    }
    const size = { ...placement.size, isMaximized: true };
    setPlacement({ ...placement, size });
    saveChatSize(size);
  }, [placement, viewport, place]);

  return { rect, maximized: placement.size.isMaximized, viewport, place, toggleMaximized };
};
