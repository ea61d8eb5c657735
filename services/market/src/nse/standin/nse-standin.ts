import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { ARCHIVE_PATHS, WEB_PATHS } from '../archive-paths';
import { type CorporateAnnouncement, CorporateAnnouncementSchema } from './corporate-announcements';
import { type IsinChange, loadNseDataset, type NseDataset, NseFiles } from './nse-files';

/**
 * How the stand-in misbehaves, as NSE does now and then:
 * - `late`: 404, as if the day were not published yet;
 * - `html`: 200 with an HTML page instead of the file (NSE's block and maintenance pages);
 * - `truncated`: the file cut in half;
 * - `wrong-date`: the previous trading day's file served under this day's name;
 * - `server-error`: 503;
 * - `slow`: the answer after `delayMs`, longer than a client's timeout;
 * - `down`: no connections accepted at all (the listener is closed), until `up()` or for `delayMs`.
 */
export const FAILURE_MODES = ['late', 'html', 'truncated', 'wrong-date', 'server-error', 'slow', 'down'] as const;
export type FailureMode = (typeof FAILURE_MODES)[number];

const Day = z.iso.date({ error: 'expected a day like 2024-01-31' });

export const FailureSchema = z
  .object({
    mode: z.enum(FAILURE_MODES),
    /** Only the archive files of these days; all files (and the API, for html, server-error and slow) when absent. */
    days: z.array(Day).min(1).optional(),
    /** Only the next `times` requests it applies to. */
    times: z.number().int().min(1).optional(),
    /** `slow`: how late the answer comes; `down`: how long until the stand-in is back. */
    delayMs: z.number().int().min(0).max(600_000).optional(),
  })
  .strict()
  .refine((failure) => failure.mode !== 'down' || (failure.days === undefined && failure.times === undefined), {
    error: 'down stops the whole server: it takes delayMs only',
  });
export type Failure = z.infer<typeof FailureSchema>;

const PublishSchema = z.object({ through: Day }).strict();
const AnnounceSchema = z.array(CorporateAnnouncementSchema).min(1);

/** A slow answer with no delay given comes after 30 s, beyond any sensible client timeout. */
const DEFAULT_SLOW_MS = 30_000;
/** Modes that also apply to the corporate-actions API (the others concern one day's files). */
const API_MODES: ReadonlySet<FailureMode> = new Set(['html', 'server-error', 'slow']);
const CONTROL_PREFIX = '/__standin/';
const BROWSER = /Mozilla\/5\.0/;
const NOT_FOUND_HTML = '<!DOCTYPE html><html><head><title>Resource not found</title></head><body><h1>Resource not found</h1><p>The requested resource could not be found.</p></body></html>';
const BLOCK_HTML = '<!DOCTYPE html><html><head><title>NSE - National Stock Exchange of India Ltd.</title></head><body><p>Please wait while we verify your browser.</p></body></html>';
const HOME_HTML = '<!DOCTYPE html><html><head><title>NSE - National Stock Exchange of India Ltd.</title></head><body><h1>NSE stand-in</h1></body></html>';
/** How many generated zips are kept: a replay asks for each day a few times, a bench for many days once. */
const ZIP_CACHE_SIZE = 16;

export type NseStandinOptions = ({ dataDir: string } | { dataset: NseDataset }) & {
  /** Default 127.0.0.1: the stand-in is for this machine only. */
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  through?: string;
  synthetic?: number;
  seed?: number;
  isinChanges?: readonly IsinChange[];
};

/** One request the stand-in answered (control requests are not logged). */
export type StandinRequest = { method: string; path: string; status: number };

type Rule = Failure & { remaining: number | null };

/** What `GET /__standin/state` answers. */
export type StandinState = {
  url: string;
  through: string;
  firstDay: string;
  lastDay: string;
  down: boolean;
  failures: Array<{ mode: FailureMode; days: string[] | null; remaining: number | null; delayMs: number | null }>;
  requests: number;
};

class BadRequest extends Error {}

const readBody = async (request: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequest('The body must be JSON.');
  }
};

const parse = <T>(schema: z.ZodType<T>, body: unknown): T => {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const where = issue!.path.length ? `${issue!.path.join('.')}: ` : '';
  throw new BadRequest(`The body was not accepted (${where}${issue!.message}).`);
};

const cookies = (request: IncomingMessage): Map<string, string> =>
  new Map(
    (request.headers.cookie ?? '')
      .split(';')
      .map((pair) => pair.trim().split('='))
      .filter((pair): pair is [string, string] => pair.length === 2),
  );

/** The day of an archive path this stand-in serves, and which file it is. */
const archiveFile = (pathname: string): { kind: 'bhavcopy' | 'index'; day: string } | null => {
  const match = /(\d{4})(\d{2})(\d{2})_F_0000\.csv\.zip$/.exec(pathname) ?? /ind_close_all_(\d{2})(\d{2})(\d{4})\.csv$/.exec(pathname);
  if (!match) return null;
  const day = pathname.endsWith('.zip') ? `${match[1]}-${match[2]}-${match[3]}` : `${match[3]}-${match[2]}-${match[1]}`;
  if (!Day.safeParse(day).success) return null;
  if (pathname === ARCHIVE_PATHS.udiffBhavcopy(day)) return { kind: 'bhavcopy', day };
  if (pathname === ARCHIVE_PATHS.indexClose(day)) return { kind: 'index', day };
  return null;
};

/** NSE's query date 'DD-MM-YYYY' as a day, or null. */
const queryDay = (value: string | null): string | null => {
  const match = value && /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  if (!match) return null;
  const day = `${match[3]}-${match[2]}-${match[1]}`;
  return Day.safeParse(day).success ? day : null;
};

/**
 * A local stand-in for NSE's archive host and website, serving the shared dataset's days in NSE's formats at NSE's
 * paths (ARCHIVE_PATHS, WEB_PATHS), with NSE's manners: the website's API wants the cookies its home page sets and a
 * browser's User-Agent; archive files need neither. It can be told to fail (FAILURE_MODES), from code or over HTTP
 * (`/__standin/…`, for other processes), so the pipeline's checks and retries can be exercised.
 */
export class NseStandin {
  readonly requests: StandinRequest[] = [];
  private rules: Rule[] = [];
  private readonly sessions = new Set<string>();
  private readonly zips = new Map<string, Uint8Array>();
  /** Pending slow answers and control actions. */
  private readonly timers = new Set<NodeJS.Timeout>();
  /** When a timed `down` ends. */
  private restart: NodeJS.Timeout | null = null;
  private listening = false;
  private port = 0;

  private constructor(
    readonly files: NseFiles,
    private readonly server: Server,
    private readonly host: string,
  ) {}

  static async start(options: NseStandinOptions): Promise<NseStandin> {
    const dataset = 'dataset' in options ? options.dataset : await loadNseDataset(options.dataDir);
    const files = new NseFiles(dataset, { through: options.through, synthetic: options.synthetic, seed: options.seed, isinChanges: options.isinChanges });
    const server = createServer();
    const standin = new NseStandin(files, server, options.host ?? '127.0.0.1');
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      standin.handle(request, response).catch((error: unknown) => {
        if (!response.headersSent) standin.send(request, response, 500, 'application/json', JSON.stringify({ detail: 'The stand-in failed to answer.' }), false);
        console.error('nse-standin:', error);
      });
    });
    await standin.listen(options.port ?? 0);
    return standin;
  }

  /** The base URL, for both NSE_ARCHIVE_URL and NSE_WEB_URL. */
  get url(): string {
    return `http://${this.host}:${this.port}`;
  }

  /** Publishes every trading day up to `day`; later days answer 404 again. */
  publishThrough(day: string): void {
    this.files.publishThrough(Day.parse(day));
  }

  /** Fails requests from now on: all, or those for `days`, or only the next `times`. `down` closes the listener. */
  fail(mode: FailureMode, options: Omit<Failure, 'mode'> = {}): Promise<void> {
    const failure = FailureSchema.parse({ mode, ...options });
    if (failure.mode === 'down') return this.goDown(failure.delayMs);
    this.rules.push({ ...failure, remaining: failure.times ?? null });
    return Promise.resolve();
  }

  /** Back to normal: no failures, and listening again if down. */
  async clear(): Promise<void> {
    this.rules = [];
    await this.up();
  }

  /** Stops accepting connections (and drops open ones) until `up()`. */
  down(): Promise<void> {
    return this.goDown(undefined);
  }

  /** Listens again, on the same port. */
  async up(): Promise<void> {
    if (this.restart) clearTimeout(this.restart);
    this.restart = null;
    if (!this.listening) await this.listen(this.port);
  }

  announce(rows: readonly CorporateAnnouncement[]): void {
    this.files.announce(rows.map((row) => CorporateAnnouncementSchema.parse(row)));
  }

  state(): StandinState {
    return {
      url: this.url,
      through: this.files.through,
      firstDay: this.files.firstDay,
      lastDay: this.files.lastDay,
      down: !this.listening,
      failures: this.rules.map((rule) => ({ mode: rule.mode, days: rule.days ?? null, remaining: rule.remaining, delayMs: rule.delayMs ?? null })),
      requests: this.requests.length,
    };
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    if (this.restart) clearTimeout(this.restart);
    this.restart = null;
    this.server.closeAllConnections();
    if (this.listening) await new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.listening = false;
  }

  private async listen(port: number): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, this.host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    this.port = (this.server.address() as AddressInfo).port;
    this.listening = true;
  }

  private async goDown(forMs: number | undefined): Promise<void> {
    if (this.listening) {
      this.listening = false;
      const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
      this.server.closeAllConnections();
      await closed;
    }
    if (this.restart) clearTimeout(this.restart);
    this.restart = forMs === undefined ? null : setTimeout(() => this.up().catch((error: unknown) => console.error('nse-standin: could not listen again:', error)), forMs);
  }

  private later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }

  private send(request: IncomingMessage, response: ServerResponse, status: number, type: string, body: string | Uint8Array, log = true, headers: Record<string, string | string[]> = {}): void {
    if (log) this.requests.push({ method: request.method ?? 'GET', path: request.url ?? '/', status });
    if (response.destroyed) return;
    response.writeHead(status, { 'content-type': type, 'content-length': String(Buffer.byteLength(body)), ...headers }).end(body);
  }

  private notFound(request: IncomingMessage, response: ServerResponse): void {
    this.send(request, response, 404, 'text/html; charset=utf-8', NOT_FOUND_HTML);
  }

  /** The first failure that applies to this request, used up by one if it counts. */
  private takeRule(day: string | null): Rule | null {
    const rule = this.rules.find((candidate) => (day === null ? !candidate.days && API_MODES.has(candidate.mode) : !candidate.days || candidate.days.includes(day)));
    if (!rule) return null;
    if (rule.remaining !== null && --rule.remaining === 0) this.rules = this.rules.filter((candidate) => candidate !== rule);
    return rule;
  }

  /** Applies html, server-error and slow; true when the request has been answered. */
  private async misbehave(rule: Rule | null, request: IncomingMessage, response: ServerResponse): Promise<boolean> {
    if (rule?.mode === 'server-error') {
      this.send(request, response, 503, 'text/html; charset=utf-8', '<!DOCTYPE html><html><body><h1>503 Service Unavailable</h1></body></html>');
      return true;
    }
    if (rule?.mode === 'html') {
      this.send(request, response, 200, 'text/html; charset=utf-8', BLOCK_HTML);
      return true;
    }
    if (rule?.mode === 'slow') await new Promise<void>((resolve) => this.later(rule.delayMs ?? DEFAULT_SLOW_MS, resolve));
    return false;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://standin');
    if (url.pathname.startsWith(CONTROL_PREFIX)) return this.control(url.pathname.slice(CONTROL_PREFIX.length), request, response);
    if (request.method !== 'GET' && request.method !== 'HEAD') return this.send(request, response, 405, 'text/html; charset=utf-8', NOT_FOUND_HTML);

    const file = archiveFile(url.pathname);
    if (file) return this.archive(file.kind, file.day, request, response);
    if (url.pathname === ARCHIVE_PATHS.nifty500List()) return this.send(request, response, 200, 'text/csv', this.files.nifty500ListCsv());
    if (url.pathname === WEB_PATHS.home) return this.home(request, response);
    if (url.pathname === '/api/corporates-corporateActions') return this.corporateActions(url, request, response);
    this.notFound(request, response);
  }

  private async archive(kind: 'bhavcopy' | 'index', day: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const rule = this.takeRule(day);
    if (await this.misbehave(rule, request, response)) return;
    if (rule?.mode === 'late' || !this.files.isPublished(day)) return this.notFound(request, response);
    const served = rule?.mode === 'wrong-date' ? this.files.previousTradingDay(day) : day;
    const body = served === null ? null : kind === 'bhavcopy' ? this.zip(served) : this.files.indexCloseCsv(served);
    if (body === null) return this.notFound(request, response);
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    const sent = rule?.mode === 'truncated' ? bytes.subarray(0, Math.floor(bytes.length / 2)) : bytes;
    this.send(request, response, 200, kind === 'bhavcopy' ? 'application/zip' : 'text/csv', sent);
  }

  /** A published day's zip; the same bytes every time, so kept for the next request. */
  private zip(day: string): Uint8Array | null {
    const cached = this.zips.get(day);
    if (cached) return cached;
    const zip = this.files.udiffBhavcopyZip(day);
    if (zip === null) return null;
    if (this.zips.size >= ZIP_CACHE_SIZE) this.zips.delete(this.zips.keys().next().value!);
    this.zips.set(day, zip);
    return zip;
  }

  private home(request: IncomingMessage, response: ServerResponse): void {
    if (!BROWSER.test(request.headers['user-agent'] ?? '')) return this.send(request, response, 403, 'text/html; charset=utf-8', BLOCK_HTML);
    const nsit = randomBytes(12).toString('hex');
    const nseappid = randomBytes(24).toString('hex');
    this.sessions.add(`${nsit}|${nseappid}`);
    this.send(request, response, 200, 'text/html; charset=utf-8', HOME_HTML, true, {
      'set-cookie': [`nsit=${nsit}; Path=/; HttpOnly; SameSite=Lax`, `nseappid=${nseappid}; Path=/; HttpOnly; SameSite=Lax`],
    });
  }

  private async corporateActions(url: URL, request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!BROWSER.test(request.headers['user-agent'] ?? '')) return this.send(request, response, 403, 'text/html; charset=utf-8', BLOCK_HTML);
    const jar = cookies(request);
    if (!this.sessions.has(`${jar.get('nsit')}|${jar.get('nseappid')}`)) return this.send(request, response, 401, 'application/json', JSON.stringify({}));
    if (await this.misbehave(this.takeRule(null), request, response)) return;
    const from = queryDay(url.searchParams.get('from_date'));
    const to = queryDay(url.searchParams.get('to_date'));
    if (url.searchParams.get('index') !== 'equities' || !from || !to) {
      return this.send(request, response, 400, 'application/json', JSON.stringify({ detail: 'index=equities, from_date and to_date (DD-MM-YYYY) are required.' }));
    }
    this.send(request, response, 200, 'application/json; charset=utf-8', JSON.stringify(this.files.corporateActions(from, to)));
  }

  private async control(action: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const json = (status: number, body: unknown) => this.send(request, response, status, 'application/json', JSON.stringify(body), false);
    const routes: Record<string, { method: string; run: (body: unknown) => Promise<void> | void }> = {
      state: { method: 'GET', run: () => undefined },
      publish: { method: 'POST', run: (body) => this.publishThrough(parse(PublishSchema, body).through) },
      fail: { method: 'POST', run: (body) => this.failLater(parse(FailureSchema, body)) },
      clear: { method: 'POST', run: () => this.clear() },
      announce: { method: 'POST', run: (body) => this.announce(parse(AnnounceSchema, body)) },
    };
    const route = routes[action];
    if (!route) return json(404, { detail: `There is no control "${action}"; try state, publish, fail, clear or announce.` });
    if (request.method !== route.method) return json(405, { detail: `${action} takes ${route.method}.` });
    try {
      await route.run(route.method === 'POST' ? await readBody(request) : undefined);
    } catch (error) {
      if (error instanceof BadRequest) return json(400, { detail: error.message });
      throw error;
    }
    json(200, this.state());
  }

  /** `fail` over HTTP: going down waits until the control request has been answered. */
  private failLater(failure: Failure): void {
    if (failure.mode === 'down') {
      if (failure.delayMs === undefined) throw new BadRequest('The body was not accepted (down over HTTP needs delayMs: nothing could bring the stand-in back).');
      this.later(0, () => void this.goDown(failure.delayMs));
      return;
    }
    void this.fail(failure.mode, failure);
  }
}
