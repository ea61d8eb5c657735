import { Redis } from 'ioredis';
const r = new Redis('redis://127.0.0.1:6379');
for (const p of ['bing482aba64', 'bing2000f63b26']) {
  const ids = await r.zrange(`${p}:bull:market-daily:completed`, 0, -1);
  const jobs = [];
  for (const id of ids) { const h = await r.hgetall(`${p}:bull:market-daily:${id}`); jobs.push({ id: Number(id), ts: Number(h.timestamp), fin: Number(h.finishedOn) }); }
  jobs.sort((a, b) => a.id - b.id);
  const gaps = jobs.slice(1).map((j, i) => ((j.ts - jobs[i].ts) / 1000).toFixed(0));
  console.log(p, jobs.length, 'days; gaps between day starts (s), last 30:', gaps.slice(-30).join(' '));
}
r.disconnect();
