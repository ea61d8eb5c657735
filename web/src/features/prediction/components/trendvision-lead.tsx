import { useTrackRecord } from '../api/get-track-record';
import { trendVisionLead } from '../texts';

/** The page's lead, its first sentence from the track record: whether any model beat "no change" on past data. */
export function TrendVisionLead() {
  const rows = useTrackRecord().data?.rows ?? [];
  return <>{trendVisionLead(rows.length ? { served: rows.filter((row) => row.beats_naive).length, tested: rows.length } : null)}</>;
}
