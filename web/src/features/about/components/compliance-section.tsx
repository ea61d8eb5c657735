import { useCompliance } from '../../../lib/get-compliance';
import { COMPLIANCE_TEXTS, circularSentence } from '../texts';

/**
 * 'Compliance profile': the profile this deployment runs under, its rules in sentences and the SEBI circular they
 * follow, as GET /api/system/compliance answers, under `registered` the analyst's disclosures, and what of each AI
 * feature is automated and what has been measured of it; a sentence instead
 * when the answer cannot be had.
 */
export function ComplianceSection() {
  const compliance = useCompliance();
  const { data } = compliance;
  const circular = data ? circularSentence(data.circular) : null;
  return (
    <section className="panel" aria-labelledby="about-compliance" data-testid="compliance-profile">
      <h2 id="about-compliance">{COMPLIANCE_TEXTS.heading}</h2>
      {data && circular ? (
        <>
          <p>{COMPLIANCE_TEXTS.profiles[data.profile]}</p>
          <ul className="plain-list">
            {data.rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
          <p className="compliance-circular">
            {circular.before}
            <span className="compliance-circular-number">{circular.number}</span>
            {circular.after}
          </p>
          {data.disclosures.length ? (
            <>
              <h3 id="disclosures">{COMPLIANCE_TEXTS.disclosures}</h3>
              <ul className="plain-list" data-testid="ra-disclosures">
                {data.disclosures.map((disclosure) => (
                  <li key={disclosure}>{disclosure}</li>
                ))}
              </ul>
            </>
          ) : null}
          <h3 id="ai-use">{COMPLIANCE_TEXTS.ai}</h3>
          <ul className="plain-list" data-testid="ai-surfaces">
            {data.ai.map((surface) => (
              <li key={surface.surface}>
                <strong>{surface.name}.</strong> {surface.automated} {surface.measured}
              </li>
            ))}
          </ul>
        </>
      ) : compliance.isError ? (
        <p>{COMPLIANCE_TEXTS.failed}</p>
      ) : (
        <p className="muted" role="status">
          {COMPLIANCE_TEXTS.loading}
        </p>
      )}
    </section>
  );
}

/** Under `registered`, the privacy section's paragraph on the audit records: what is kept, for how long and why. */
export function AuditPrivacy() {
  const audit = useCompliance().data?.audit;
  return audit ? <p data-testid="audit-privacy">{audit.kept}</p> : null;
}
