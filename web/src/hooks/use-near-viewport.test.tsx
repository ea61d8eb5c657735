import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './use-near-viewport';

let observed: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit } | undefined;

class FakeObserver {
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    observed = { callback, options };
  }
  observe() {}
  disconnect() {}
}

function Probe() {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  return <div ref={ref}>{near ? 'chart drawn' : 'waiting'}</div>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  observed = undefined;
});

describe('useNearViewport', () => {
  it('waits until the element comes within 200 px of the screen, then stays true', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<Probe />);
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(observed?.options?.rootMargin).toBe('200px');
    act(() => observed!.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(screen.getByText('chart drawn')).toBeTruthy();
  });

  it('is true at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByText('chart drawn')).toBeTruthy();
  });
});
