// The accounting of a chaos run, without I/O: requests and failures per fault, the time to recover, acknowledged writes
// lost or doubled (acknowledgements against what the database holds), each fault's verdict and the table.

/** The kinds of write the load acknowledges and the database is checked for. */
export const WRITE_KINDS = ['registration', 'heartbeat', 'payment', 'transaction'];

/** The failure "status" of a registration whose code request was acknowledged but whose code never came. */
export const NO_CODE = 'no code';

/** The goals. */
export const GOALS = { recoverySeconds: 10 };

/** What a request is counted under for recovery: its kind, or for the probe the service it pinged. */
export const subjectOf = (record) => (record.kind === 'ping' ? `ping:${record.target}` : record.kind);

/** The index of the window holding the instant `at` (windows are consecutive [start, end) spans), or -1. */
export const windowIndexAt = (windows, at) => windows.findIndex((window) => at >= window.start && at < window.end);

/**
 * Requests, failures by status (and by kind and status) and timeouts of some request records ({ status: HTTP status, 0
 * for a network error or 'timeout' when the client's deadline passed, ok }). Failures are everything not 2xx; timeouts
 * are counted apart.
 */
export const summariseRequests = (records) => {
  const failedByStatus = {};
  const failedByKind = {};
  let timeouts = 0;
  for (const record of records) {
    if (record.ok) continue;
    const subject = subjectOf(record);
    failedByKind[subject] ??= {};
    failedByKind[subject][record.status] = (failedByKind[subject][record.status] ?? 0) + 1;
    if (record.status === 'timeout') timeouts += 1;
    else failedByStatus[record.status] = (failedByStatus[record.status] ?? 0) + 1;
  }
  return { requests: records.length, failedByStatus, failedByKind, timeouts };
};

/**
 * Seconds from the process coming back (`window.backAt`) until every affected subject succeeded again. A subject is
 * affected when one of its requests in the window, from the kill on, failed, or when it is named in `alwaysAffected`
 * (the probe of the killed service). It has recovered at the end of its first success that started no earlier than
 * its last failure, so a recovery that fails again later counts from the later failure. Answers the slowest subject,
 * the seconds (0 when everything was back before the process was), and the subjects that never recovered.
 */
export const recoveryOf = (records, window, alwaysAffected = []) => {
  const inWindow = records.filter((record) => record.start >= window.start && record.start < window.end);
  const lastFailure = new Map();
  for (const record of inWindow) {
    if (record.ok || record.start < window.killAt) continue;
    const subject = subjectOf(record);
    lastFailure.set(subject, Math.max(lastFailure.get(subject) ?? -Infinity, record.start));
  }
  for (const subject of alwaysAffected) if (!lastFailure.has(subject)) lastFailure.set(subject, window.killAt);
  let slowest = null;
  let seconds = 0;
  const unrecovered = [];
  for (const [subject, failedAt] of [...lastFailure].sort(([a], [b]) => a.localeCompare(b))) {
    const success = inWindow
      .filter((record) => record.ok && subjectOf(record) === subject && record.start >= failedAt)
      .reduce((first, record) => (first === null || record.end < first.end ? record : first), null);
    if (!success) {
      unrecovered.push(subject);
      continue;
    }
    const took = Math.max(0, (success.end - window.backAt) / 1000);
    if (slowest === null || took > seconds) [slowest, seconds] = [subject, took];
  }
  return { affected: [...lastFailure.keys()].sort(), seconds: lastFailure.size ? seconds : null, slowest, unrecovered };
};

/**
 * Acknowledged writes lost and doubled, per window. `acks` are { kind, key, at } (a key acknowledged several times, as a
 * payment event re-sent on purpose, counts once, in the window of its first acknowledgement); `copies(kind, key)` is how
 * many times the database holds that write. Lost: held 0 times; doubled: more than once. Answers, per window index,
 * { lost, doubled, lostByKind, doubledByKind, examples }.
 */
export const lossesByWindow = (acks, copies, windows) => {
  const first = new Map();
  for (const ack of acks) {
    const id = `${ack.kind}\n${ack.key}`;
    if (!first.has(id) || first.get(id).at > ack.at) first.set(id, ack);
  }
  const result = windows.map(() => ({ lost: 0, doubled: 0, lostByKind: {}, doubledByKind: {}, examples: [] }));
  for (const { kind, key, at } of first.values()) {
    const index = windowIndexAt(windows, at);
    const entry = result[index === -1 ? windows.length - 1 : index];
    const held = copies(kind, key);
    if (held === 1) continue;
    const which = held === 0 ? 'lost' : 'doubled';
    entry[which] += 1;
    entry[`${which}ByKind`][kind] = (entry[`${which}ByKind`][kind] ?? 0) + 1;
    if (entry.examples.length < 5) entry.examples.push(`${kind} ${key}: stored ${held}×`);
  }
  return result;
};

/** The problems of one fault's row against the goals (none: the fault passed). */
export const problemsOf = (row, goals = GOALS) => {
  const problems = [];
  if (row.lost) problems.push(`${row.lost} acknowledged write${row.lost === 1 ? '' : 's'} lost`);
  if (row.doubled) problems.push(`${row.doubled} acknowledged write${row.doubled === 1 ? '' : 's'} stored more than once`);
  const unmailed = row.failedByStatus[NO_CODE];
  if (unmailed) problems.push(`${unmailed} acknowledged code request${unmailed === 1 ? '' : 's'} never mailed a code`);
  if (row.timeouts) problems.push(`${row.timeouts} request${row.timeouts === 1 ? '' : 's'} hung past the client's deadline`);
  if (row.fault === 'none') {
    const failed = Object.entries(row.failedByStatus).reduce((sum, [status, n]) => sum + (status === NO_CODE ? 0 : n), 0);
    if (failed) problems.push(`${failed} request${failed === 1 ? '' : 's'} failed with no fault`);
  } else if (row.recovery.unrecovered.length) {
    problems.push(`${row.recovery.unrecovered.join(', ')} did not recover`);
  } else if (row.recovery.seconds !== null && row.recovery.seconds > goals.recoverySeconds) {
    problems.push(`${row.recovery.slowest} recovered ${row.recovery.seconds.toFixed(1)} s after the restart (goal ${goals.recoverySeconds} s)`);
  }
  return problems;
};

const byKind = (counts) => {
  const parts = Object.entries(counts).map(([kind, n]) => `${kind} ${n}`);
  return parts.length ? ` (${parts.join(', ')})` : '';
};

const statusOrder = (status) => (Number.isNaN(Number(status)) ? Infinity : Number(status));

/** "503×4, 0×12": failures by status, network errors as status 0; '–' when none failed. */
export const formatStatuses = (failedByStatus) => {
  const parts = Object.entries(failedByStatus)
    .sort(([a], [b]) => statusOrder(a) - statusOrder(b))
    .map(([status, n]) => `${status}×${n}`);
  return parts.length ? parts.join(', ') : '–';
};

const formatRecovery = ({ seconds, slowest, unrecovered }) => {
  if (unrecovered.length) return `not recovered (${unrecovered.join(', ')})`;
  if (seconds === null) return '–';
  return `${seconds.toFixed(1)} (${slowest})`;
};

/** The report as a Markdown table, one row per fault. */
export const markdownTable = (rows) => {
  const lines = [
    '| fault | requests | failed by status | timeouts | recovery (s) | lost | doubled | verdict |',
    '|---|---:|---|---:|---|---:|---:|---|',
  ];
  for (const row of rows) {
    const verdict = row.problems.length ? `FAIL: ${row.problems.join('; ')}` : 'pass';
    lines.push(
      `| ${row.fault === 'none' ? 'none (steady load)' : row.fault} | ${row.requests} | ${formatStatuses(row.failedByStatus)} | ${row.timeouts} | ` +
        `${row.fault === 'none' ? '–' : formatRecovery(row.recovery)} | ${row.lost}${byKind(row.lostByKind)} | ${row.doubled}${byKind(row.doubledByKind)} | ${verdict} |`,
    );
  }
  return lines.join('\n');
};

/**
 * One row per window: its requests (by start time), recovery, losses and verdict. `alwaysAffected(fault)` names the
 * subjects a fault affects whether or not they failed (the probe of a killed service).
 */
export const buildRows = ({ windows, records, acks, copies, alwaysAffected = () => [], goals = GOALS }) => {
  const losses = lossesByWindow(acks, copies, windows);
  return windows.map((window, index) => {
    const mine = records.filter((record) => windowIndexAt(windows, record.start) === index);
    const recovery = window.fault === 'none' ? { affected: [], seconds: null, slowest: null, unrecovered: [] } : recoveryOf(records, window, alwaysAffected(window.fault));
    const row = { fault: window.fault, ...summariseRequests(mine), recovery, ...losses[index] };
    const problems = problemsOf(row, goals);
    return { ...row, problems, verdict: problems.length ? 'fail' : 'pass' };
  });
};
