import type { AiSurfaceKey } from '@nivesh/proto';
import { useCompliance } from '../../lib/get-compliance';

/**
 * Under the `registered` profile, on each AI surface: what of it is automated and what has been measured of how well it
 * does, as SEBI's January 2025 circulars ask a research analyst who uses AI to tell clients. Nothing under `education`,
 * where /about says the same once for all surfaces.
 */
export function AiNote({ surface }: { surface: AiSurfaceKey }) {
  const { data } = useCompliance();
  const entry = data?.profile === 'registered' ? data.ai.find((item) => item.surface === surface) : undefined;
  return entry ? (
    <p className="muted ai-note" data-testid={`ai-note-${surface}`}>
      {entry.automated} {entry.measured}
    </p>
  ) : null;
}
