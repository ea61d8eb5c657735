import { useId, useState } from 'react';
import { useAnalyticsOptIn } from '../../../lib/analytics-opt-in';
import { ANALYTICS_SETTING_TEXTS } from '../profile-texts';

/** /profile's opt-in to usage analytics (off by default, section 7): what is collected, and a switch. */
export function AnalyticsSetting({ userId }: { userId: string }) {
  const [optedIn, setOptedIn] = useAnalyticsOptIn(userId);
  const [refused, setRefused] = useState(false);
  const headingId = useId();
  const explanationId = useId();

  const onChange = (on: boolean) => setRefused(!setOptedIn(on) && on);

  return (
    <section className="panel analytics-setting" aria-labelledby={headingId}>
      <h2 id={headingId}>{ANALYTICS_SETTING_TEXTS.heading}</h2>
      <p id={explanationId} className="muted">
        {ANALYTICS_SETTING_TEXTS.explanation}
      </p>
      <label className="switch-row">
        <input
          type="checkbox"
          role="switch"
          checked={optedIn}
          aria-describedby={explanationId}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
        <span>{ANALYTICS_SETTING_TEXTS.label}</span>
      </label>
      <p className="analytics-setting-state" role="status">
        {refused ? ANALYTICS_SETTING_TEXTS.storageRefused : optedIn ? ANALYTICS_SETTING_TEXTS.on : ANALYTICS_SETTING_TEXTS.off}
      </p>
    </section>
  );
}
