import { Injectable } from '@nestjs/common';
import { Clock } from './clock';

/**
 * The least time an answer that could reveal whether an account exists takes. Known and unknown accounts
 * do different work (a queue write, a mail); padding both to the same floor hides the difference.
 */
export const ENUMERATION_FLOOR_MS = 300;

/** Runs work and delays its outcome, success or failure, until at least `minMs` have passed. */
@Injectable()
export class ResponseFloor {
  constructor(private readonly clock: Clock) {}

  async pad<T>(work: () => Promise<T>, minMs = ENUMERATION_FLOOR_MS): Promise<T> {
    const started = this.clock.monotonicMs();
    const wait = async () => {
      const left = minMs - (this.clock.monotonicMs() - started);
      if (left > 0) await this.clock.sleep(left);
    };
    try {
      const result = await work();
      await wait();
      return result;
    } catch (error) {
      await wait();
      throw error;
    }
  }
}
