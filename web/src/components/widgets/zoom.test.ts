import { ZOOM_MAX, ZOOM_MIN, ZOOM_STEP, clampZoom, formatZoom, zoomIn, zoomOut } from './zoom';

describe('zoom steps and limits', () => {
  it('uses the 0.5–3.0 range and 0.1 step of the specification', () => {
    expect([ZOOM_MIN, ZOOM_MAX, ZOOM_STEP]).toEqual([0.5, 3, 0.1]);
  });

  it('clamps below 0.5 and above 3.0', () => {
    expect(clampZoom(0.4)).toBe(0.5);
    expect(clampZoom(0)).toBe(0.5);
    expect(clampZoom(-2)).toBe(0.5);
    expect(clampZoom(3.1)).toBe(3);
    expect(clampZoom(10)).toBe(3);
  });

  it('keeps the limits themselves and rounds to one decimal', () => {
    expect(clampZoom(0.5)).toBe(0.5);
    expect(clampZoom(3)).toBe(3);
    expect(clampZoom(1.2000000000000002)).toBe(1.2);
    expect(clampZoom(0.7999999999999999)).toBe(0.8);
  });

  it('resets anything that is not a finite number to 100%', () => {
    expect(clampZoom(Number.NaN)).toBe(1);
    expect(clampZoom(Number.POSITIVE_INFINITY)).toBe(1);
  });

  it('steps in by 0.1 without float drift and stops at 3.0', () => {
    let zoom = 1;
    const seen: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      zoom = zoomIn(zoom);
      seen.push(zoom);
    }
    expect(seen.slice(0, 3)).toEqual([1.1, 1.2, 1.3]);
    expect(seen[19]).toBe(3);
    expect(seen.at(-1)).toBe(3);
    expect(zoomIn(2.9)).toBe(3);
    expect(zoomIn(3)).toBe(3);
  });

  it('steps out by 0.1 without float drift and stops at 0.5', () => {
    let zoom = 1;
    const seen: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      zoom = zoomOut(zoom);
      seen.push(zoom);
    }
    expect(seen).toEqual([0.9, 0.8, 0.7, 0.6, 0.5, 0.5, 0.5, 0.5]);
    expect(zoomOut(0.6)).toBe(0.5);
    expect(zoomOut(0.5)).toBe(0.5);
  });

  it('formats as a whole percentage', () => {
    expect(formatZoom(1)).toBe('100%');
    expect(formatZoom(0.5)).toBe('50%');
    expect(formatZoom(1.1)).toBe('110%');
    expect(formatZoom(3)).toBe('300%');
  });
});
