import { strFromU8, unzipSync } from 'fflate';
import { parseBhavcopy } from '../../data/bhavcopy';
import { ConfigSchema } from '../../config';
import { ARCHIVE_PATHS, WEB_PATHS } from '../archive-paths';
import type { CorporateAnnouncement } from './corporate-announcements';
import { loadNseDataset, type NseDataset } from './nse-files';
import { NseStandin, type StandinState } from './nse-standin';

const DATA = ConfigSchema.shape.MARKET_DATA_DIR.parse(process.env.MARKET_DATA_DIR);
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36' };

let dataset: NseDataset;
let standin: NseStandin;

beforeAll(async () => {
  dataset = await loadNseDataset(DATA);
  standin = await NseStandin.start({ dataset, through: '2024-02-29' });
});
afterEach(async () => {
  await standin.clear();
  standin.publishThrough('2024-02-29');
});
afterAll(() => standin.close());

const get = (path: string, init: RequestInit = {}) => fetch(`${standin.url}${path}`, init);
/** The trading day a served bhavcopy zip is for. */
const bhavcopyDay = async (response: Response): Promise<string> => {
  const [[name, csv]] = Object.entries(unzipSync(new Uint8Array(await response.arrayBuffer()))) as [[string, Uint8Array]];
  return parseBhavcopy(name, strFromU8(csv)).date;
};
const control = (action: string, body?: unknown) =>
  fetch(`${standin.url}/__standin/${action}`, { method: body === undefined ? 'GET' : 'POST', headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
/** A session as a browser gets one: the cookies of the home page. */
const session = async (): Promise<Record<string, string>> => {
  const home = await get(WEB_PATHS.home, { headers: BROWSER });
  expect(home.status).toBe(200);
  const cookie = home.headers.getSetCookie().map((header) => header.split(';')[0]).join('; ');
  expect(cookie).toMatch(/nsit=\w+; nseappid=\w+/);
  return { ...BROWSER, cookie };
};

describe('NseStandin: archive files', () => {
  it("serves a published day's bhavcopy zip and index close file at NSE's paths, no cookie needed", async () => {
    const zip = await get(ARCHIVE_PATHS.udiffBhavcopy('2024-01-15'));
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(await bhavcopyDay(zip)).toBe('2024-01-15');

    const index = await get(ARCHIVE_PATHS.indexClose('2024-01-15'));
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/csv');
    expect(parseBhavcopy('ind_close_all_15012024.csv', await index.text()).rows[0]!.symbol).toBe('NIFTY 50');
  });

  it('answers 404 with an HTML page for a holiday and for days not published yet, until publishThrough moves on', async () => {
    for (const path of [ARCHIVE_PATHS.udiffBhavcopy('2024-01-26'), ARCHIVE_PATHS.udiffBhavcopy('2024-03-01'), ARCHIVE_PATHS.indexClose('2024-03-01'), ARCHIVE_PATHS.fullBhavcopy('2024-01-15')]) {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toContain('Resource not found');
    }
    standin.publishThrough('2024-03-01');
    expect((await get(ARCHIVE_PATHS.udiffBhavcopy('2024-03-01'))).status).toBe(200);
  });

  it('logs each request with its status', async () => {
    const from = standin.requests.length;
    await get(ARCHIVE_PATHS.udiffBhavcopy('2024-01-26'));
    await get(ARCHIVE_PATHS.indexClose('2024-01-25'));
    expect(standin.requests.slice(from)).toEqual([
      { method: 'GET', path: '/content/cm/BhavCopy_NSE_CM_0_0_0_20240126_F_0000.csv.zip', status: 404 },
      { method: 'GET', path: '/content/indices/ind_close_all_25012024.csv', status: 200 },
    ]);
  });
});

describe('NseStandin: failure modes', () => {
  const bhavcopy = ARCHIVE_PATHS.udiffBhavcopy('2024-01-15');

  it('late: 404 for the days named, the others served', async () => {
    await standin.fail('late', { days: ['2024-01-15'] });
    expect((await get(bhavcopy)).status).toBe(404);
    expect((await get(ARCHIVE_PATHS.indexClose('2024-01-15'))).status).toBe(404);
    expect((await get(ARCHIVE_PATHS.udiffBhavcopy('2024-01-16'))).status).toBe(200);
  });

  it('html: 200 with an HTML page instead of the zip', async () => {
    await standin.fail('html');
    const response = await get(bhavcopy);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toMatch(/^<!DOCTYPE html>/);
  });

  it('truncated: half the zip, which does not unzip', async () => {
    await standin.fail('truncated');
    const whole = standin.files.udiffBhavcopyZip('2024-01-15')!;
    const bytes = new Uint8Array(await (await get(bhavcopy)).arrayBuffer());
    expect(bytes.length).toBe(Math.floor(whole.length / 2));
    expect(() => unzipSync(bytes)).toThrow();
  });

  it("wrong-date: the previous trading day's file under this day's name", async () => {
    await standin.fail('wrong-date', { days: ['2024-01-29'] });
    // 2024-01-26 was Republic Day: the trading day before the 29th is the 25th.
    expect(await bhavcopyDay(await get(ARCHIVE_PATHS.udiffBhavcopy('2024-01-29')))).toBe('2024-01-25');
  });

  it('server-error for the next request only: `times` runs out', async () => {
    await standin.fail('server-error', { times: 1 });
    expect((await get(bhavcopy)).status).toBe(503);
    expect((await get(bhavcopy)).status).toBe(200);
    expect(standin.state().failures).toEqual([]);
  });

  it('slow: answers after the delay, so a client with a shorter timeout gives up', async () => {
    await standin.fail('slow', { delayMs: 400, times: 1 });
    await expect(get(bhavcopy, { signal: AbortSignal.timeout(100) })).rejects.toThrow();
    const started = Date.now();
    expect((await get(bhavcopy)).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(400);
  });

  it('down: connections refused until up(), then served on the same URL', async () => {
    const url = standin.url;
    await standin.down();
    await expect(get(bhavcopy)).rejects.toThrow();
    expect(standin.state().down).toBe(true);
    await standin.up();
    expect(standin.url).toBe(url);
    expect((await get(bhavcopy)).status).toBe(200);
  });
});

describe('NseStandin: the corporate-actions API', () => {
  const api = WEB_PATHS.corporateActions('2024-01-01', '2024-01-31');

  it("wants a browser's User-Agent (403) and the home page's cookies (401)", async () => {
    expect((await get(api)).status).toBe(403);
    expect((await get(api, { headers: BROWSER })).status).toBe(401);
    expect((await get(api, { headers: { ...BROWSER, cookie: 'nsit=forged; nseappid=forged' } })).status).toBe(401);
    expect((await get(api, { headers: await session() })).status).toBe(200);
  });

  it('answers the announcements whose ex-date lies between the dates, added ones too', async () => {
    const headers = await session();
    const january = (await (await get(api, { headers })).json()) as CorporateAnnouncement[];
    expect(january.map((row) => `${row.symbol} ${row.exDate}`)).toEqual(['NESTLEIND 05-Jan-2024']);

    standin.announce([{ ...january[0]!, symbol: 'TCS', subject: 'Bonus 1:1', exDate: '16-Jun-2025', recDate: '16-Jun-2025' }]);
    const june = (await (await get(WEB_PATHS.corporateActions('2025-06-01', '2025-06-30'), { headers })).json()) as Array<{ symbol: string; subject: string }>;
    expect(june.map((row) => `${row.symbol} ${row.subject}`)).toEqual(['TCS Bonus 1:1']);
  });

  it('fails with the server: a failure for all days applies to the API too', async () => {
    const headers = await session();
    await standin.fail('server-error', { times: 1 });
    expect((await get(api, { headers })).status).toBe(503);
    expect((await get(api, { headers })).status).toBe(200);
  });
});

describe('NseStandin: controls over HTTP', () => {
  it('publish moves the last published day; a bad day is refused with a detail', async () => {
    expect((await control('publish', { through: 'yesterday' })).status).toBe(400);
    expect(await (await control('publish', { through: 'yesterday' })).json()).toEqual({ detail: expect.stringMatching(/through/) });
    const published = await control('publish', { through: '2024-03-01' });
    expect(published.status).toBe(200);
    expect(await published.json()).toMatchObject({ through: '2024-03-01', down: false });
    expect((await get(ARCHIVE_PATHS.udiffBhavcopy('2024-03-01'))).status).toBe(200);
  });

  it('fail sets a failure for the next requests, state shows it and clear ends it', async () => {
    const set = await control('fail', { mode: 'html', days: ['2024-01-31'], times: 2 });
    expect(set.status).toBe(200);
    expect(((await (await control('state')).json()) as StandinState).failures).toEqual([{ mode: 'html', days: ['2024-01-31'], remaining: 2, delayMs: null }]);
    expect((await get(ARCHIVE_PATHS.udiffBhavcopy('2024-01-31'))).headers.get('content-type')).toMatch(/^text\/html/);
    await control('clear', {});
    expect((await get(ARCHIVE_PATHS.udiffBhavcopy('2024-01-31'))).headers.get('content-type')).toBe('application/zip');
  });

  it.each([
    [{ mode: 'flaky' }, /mode/],
    [{ mode: 'late', days: ['31-01-2024'] }, /days/],
    [{ mode: 'late', times: 0 }, /times/],
    [{ mode: 'late', colour: 'red' }, /colour/],
    [{ mode: 'down', times: 1 }, /down/],
    [{ mode: 'down' }, /delayMs/],
  ])('refuses the failure %j with a detail', async (body, detail) => {
    const response = await control('fail', body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { detail: string }).detail).toMatch(detail);
    expect(standin.state().failures).toEqual([]);
  });

  it('refuses a body that is not JSON, and names the controls on an unknown one', async () => {
    const response = await fetch(`${standin.url}/__standin/fail`, { method: 'POST', body: '{mode:' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ detail: 'The body must be JSON.' });
    expect((await control('reboot', {})).status).toBe(404);
  });

  it('down over HTTP comes back by itself after delayMs', async () => {
    expect((await control('fail', { mode: 'down', delayMs: 300 })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(get(ARCHIVE_PATHS.udiffBhavcopy('2024-01-15'))).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await get(ARCHIVE_PATHS.udiffBhavcopy('2024-01-15'))).status).toBe(200);
  });
});
