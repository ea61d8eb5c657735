import fs from 'node:fs';
import { AI_MEASURED, aiSurfaces } from '@nivesh/proto';
import { ComplianceGuard } from './guard';
import { inspectAnswer } from './output-rail';

/**
 * The guard's figures that /about, the compliance answer and Warren AI's opening message quote under the `registered`
 * profile (proto's AI_MEASURED), measured again on the held-out questions with the guard as shipped. A change to the
 * guard that moves them fails here until proto's figures are brought up to date.
 */
describe('the measured figures of Warren AI', () => {
  it('are the shipped guard’s refusals on the held-out questions, by label', () => {
    const guard = new ComplianceGuard();
    const heldOut = fs
      .readFileSync(`${__dirname}/data/holdout.jsonl`, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { text: string; label: 'advice' | 'educational' });
    const measured = { advice: { asked: 0, refused: 0 }, educational: { asked: 0, refused: 0 } };
    for (const question of heldOut) {
      measured[question.label].asked += 1;
      if (guard.checkQuestion(question.text).blocked) measured[question.label].refused += 1;
    }
    expect(measured).toEqual(AI_MEASURED.guard);
  });

  it('are stated in sentences the output rail lets through, on every AI surface', () => {
    for (const surface of aiSurfaces()) {
      expect(inspectAnswer(surface.automated)).toBeNull();
      expect(inspectAnswer(surface.measured)).toBeNull();
    }
  });
});
