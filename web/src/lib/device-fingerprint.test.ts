import { DEVICE_FINGERPRINT_MAX_LENGTH } from '@nivesh/proto/values';

const CANVAS_IMAGE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAKAAAAAgCAYAAAC';

/** Decodes the blob the way the server does: base64 of UTF-8 JSON. */
const decode = (blob: string): Record<string, unknown> =>
  JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(blob), (char) => char.charCodeAt(0)))) as Record<string, unknown>;

/** A browser that draws: getContext gives a 2D context and the canvas reads out as `image`. */
const stubCanvas = (image: string = CANVAS_IMAGE) => {
  const context = { fillRect: vi.fn(), fillText: vi.fn() } as unknown as CanvasRenderingContext2D;
  const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(image);
  return getContext;
};

/** The module afresh, as on a new page load (it builds the fingerprint once per load). */
const freshModule = async () => {
  vi.resetModules();
  const session = await import('./session');
  const fingerprint = await import('./device-fingerprint');
  return { ...session, ...fingerprint };
};

describe('deviceFingerprint', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('encodes the user agent, language, platform, timezone, screen size, canvas image and a timestamp', async () => {
    stubCanvas();
    const { deviceFingerprint } = await freshModule();
    const before = Date.now();
    const blob = deviceFingerprint();
    expect(blob).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    const components = decode(blob);
    expect(Object.keys(components)).toEqual(['userAgent', 'language', 'platform', 'timezone', 'screen', 'canvas', 'timestamp']);
    expect(components).toMatchObject({
      userAgent: navigator.userAgent,
      language: navigator.language,
      platform: navigator.platform,
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      screen: `${window.screen.width}x${window.screen.height}`,
      canvas: CANVAS_IMAGE,
    });
    expect(components.timestamp).toBeGreaterThanOrEqual(before);
  });

  it('is built once per page load', async () => {
    const getContext = stubCanvas();
    const { deviceFingerprint } = await freshModule();
    const first = deviceFingerprint();
    expect(deviceFingerprint()).toBe(first);
    expect(getContext).toHaveBeenCalledTimes(1);
  });

  it('stays under the length the server accepts when the canvas image is large, keeping the image as a hash', async () => {
    const huge = `data:image/png;base64,${'A'.repeat(DEVICE_FINGERPRINT_MAX_LENGTH)}`;
    stubCanvas(huge);
    const { deviceFingerprint, shortHash } = await freshModule();
    const blob = deviceFingerprint();
    expect(blob.length).toBeLessThanOrEqual(DEVICE_FINGERPRINT_MAX_LENGTH);
    expect(decode(blob).canvas).toBe(`hash:${shortHash(huge)}`);
  });

  it('falls back to the stored device id when the canvas cannot be drawn', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const { deviceFingerprint, startSession } = await freshModule();
    const session = startSession({ access_token: 't', user_id: 'u1', username: 'asha', is_admin: false, is_premium: false, premium_expires_at: null });
    expect(session.device_id).not.toBe('');
    expect(deviceFingerprint()).toBe(session.device_id);
  });

  it('falls back to the stored device id when reading the browser throws', async () => {
    stubCanvas();
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(() => {
      throw new RangeError('Intl is broken');
    });
    const { deviceFingerprint, startSession } = await freshModule();
    const session = startSession({ access_token: 't', user_id: 'u1', username: 'asha', is_admin: false, is_premium: false, premium_expires_at: null });
    expect(deviceFingerprint()).toBe(session.device_id);
  });
});
