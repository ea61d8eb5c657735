import { APP_VERSION_KEY } from './pwa-rules';
import { isServiceWorkerPrecache, resetStartPwa, startPwa } from './start-pwa';
import { resetInstallPrompt } from './install-prompt';

vi.mock('workbox-window', () => {
  const instances: { url: string; listeners: Record<string, (event: { isUpdate?: boolean }) => void> }[] = [];
  class FakeWorkbox {
    listeners: Record<string, (event: { isUpdate?: boolean }) => void> = {};
    constructor(readonly url: string) {
      instances.push(this);
    }
    addEventListener(type: string, listener: (event: { isUpdate?: boolean }) => void) {
      this.listeners[type] = listener;
    }
    register = vi.fn(async () => undefined);
  }
  return { Workbox: FakeWorkbox, instances };
});

type FakeWorkbox = { url: string; register: () => Promise<void>; listeners: Record<string, unknown> };
const instances = async () => ((await import('workbox-window')) as unknown as { instances: FakeWorkbox[] }).instances;

const flush = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('startPwa', () => {
  const originalServiceWorker = Object.getOwnPropertyDescriptor(navigator, 'serviceWorker');

  beforeEach(async () => {
    resetStartPwa();
    resetInstallPrompt();
    localStorage.clear();
    (await instances()).length = 0;
  });

  afterEach(() => {
    vi.unstubAllEnvs();
    if (originalServiceWorker) Object.defineProperty(navigator, 'serviceWorker', originalServiceWorker);
    else Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  const withServiceWorker = () => Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: {} });

  it('registers /sw.js with workbox-window in a production build', async () => {
    vi.stubEnv('PROD', true);
    withServiceWorker();
    startPwa();
    await flush();
    const created = await instances();
    expect(created).toHaveLength(1);
    expect(created[0]?.url).toBe('/sw.js');
    expect(created[0]?.register).toHaveBeenCalledTimes(1);
    // A new version taking control reloads the page onto it (registerType 'autoUpdate').
    expect(Object.keys(created[0]?.listeners ?? {})).toContain('controlling');
  });

  it('does not register in development builds', async () => {
    vi.stubEnv('PROD', false);
    withServiceWorker();
    startPwa();
    await flush();
    expect(await instances()).toHaveLength(0);
  });

  it('does not register where service workers are not supported', async () => {
    vi.stubEnv('PROD', true);
    Reflect.deleteProperty(navigator, 'serviceWorker');
    expect('serviceWorker' in navigator).toBe(false);
    startPwa();
    await flush();
    expect(await instances()).toHaveLength(0);
  });

  it('runs the version check and stores the version', async () => {
    startPwa();
    await flush();
    expect(localStorage.getItem(APP_VERSION_KEY)).toBe('v2.1.22092025');
  });

  it('spares only the live service worker precache in the version clean-up', () => {
    expect(isServiceWorkerPrecache('workbox-precache-v2-https://nivesh.in/')).toBe(true);
    expect(isServiceWorkerPrecache('nivesh-api')).toBe(false);
  });
});
