import * as proto from '@nivesh/proto';
import { AGENT_INTROS, HUB_AGENT_ORDER, HUB_PATHS, progressText } from './texts';

describe('the Hub’s copies of proto’s values', () => {
  it('has proto’s paths and agents, in proto’s order', () => {
    expect(HUB_PATHS).toEqual({ stream: proto.ROUTES.hubStream.path, report: proto.ROUTES.hubReport.path });
    expect(HUB_AGENT_ORDER).toEqual(proto.HUB_AGENTS);
    expect(Object.keys(AGENT_INTROS)).toEqual([...proto.HUB_AGENTS]);
  });

  it('says how far a run has got', () => {
    expect(progressText(3, 6)).toBe('3 of 6 agents have answered.');
    expect(progressText(6, 6)).toBe('All 6 agents have answered.');
  });
});
