import type { Clock } from './clock';
import { ResponseFloor } from './response-floor';

/** A clock whose time moves only when work or sleeps move it. */
const fakeClock = () => {
  let now = 0;
  const sleeps: number[] = [];
  const clock = {
    monotonicMs: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
  } as unknown as Clock;
  return { clock, sleeps, advance: (ms: number) => (now += ms) };
};

describe('ResponseFloor', () => {
  it('pads a fast success up to the floor', async () => {
    const { clock, sleeps, advance } = fakeClock();
    const floor = new ResponseFloor(clock);
    await expect(floor.pad(async () => (advance(40), 'ok'), 300)).resolves.toBe('ok');
    expect(sleeps).toEqual([260]);
  });

  it('pads a fast failure the same way', async () => {
    const { clock, sleeps, advance } = fakeClock();
    const floor = new ResponseFloor(clock);
    await expect(floor.pad(async () => (advance(120), Promise.reject(new Error('no'))), 300)).rejects.toThrow('no');
    expect(sleeps).toEqual([180]);
  });

  it('adds nothing to slow work', async () => {
    const { clock, sleeps, advance } = fakeClock();
    const floor = new ResponseFloor(clock);
    await floor.pad(async () => advance(450), 300);
    expect(sleeps).toEqual([]);
  });
});
