import WebSocket from 'ws';
const url = process.argv[2]; const secs = Number(process.argv[3] ?? 40);
const ws = new WebSocket(url);
let id = 0; const pending = new Map();
const send = (method, params = {}) => new Promise((res) => { const i = ++id; pending.set(i, res); ws.send(JSON.stringify({ id: i, method, params })); });
ws.on('message', (m) => { const msg = JSON.parse(m); if (msg.id && pending.has(msg.id)) { pending.get(msg.id)(msg.result); pending.delete(msg.id); } });
await new Promise((r) => ws.once('open', r));
await send('Profiler.enable'); await send('Profiler.setSamplingInterval', { interval: 1000 }); await send('Profiler.start');
await new Promise((r) => setTimeout(r, secs * 1000));
const { profile } = await send('Profiler.stop');
const self = new Map(); const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const counts = new Map(); for (const s of profile.samples) counts.set(s, (counts.get(s) ?? 0) + 1);
// inclusive: build parent map
const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map();
for (const [nid, c] of counts) {
  const n = byId.get(nid); const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + c);
  const seen = new Set(); let cur = nid;
  while (cur !== undefined) { const cn = byId.get(cur); const k = `${cn.callFrame.functionName || '(anon)'} ${cn.callFrame.url.split('/').slice(-2).join('/')}:${cn.callFrame.lineNumber}`; if (!seen.has(k)) { incl.set(k, (incl.get(k) ?? 0) + c); seen.add(k); } cur = parent.get(cur); }
}
const total = profile.samples.length;
const top = (m) => [...m].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${(100 * v / total).toFixed(1)}% ${k}`).join('\n');
console.log('SELF\n' + top(self) + '\n\nINCLUSIVE\n' + top(incl));
ws.close(); process.exit(0);
