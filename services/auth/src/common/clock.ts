import { Injectable } from '@nestjs/common';

/** Time, behind one seam so unit tests can control it. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }

  /** Milliseconds from a monotonic source, for measuring durations. */
  monotonicMs(): number {
    return performance.now();
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }
}
