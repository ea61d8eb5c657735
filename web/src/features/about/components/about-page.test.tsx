import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EDUCATION_COMPLIANCE, REGISTERED_COMPLIANCE } from '../../../testing/compliance';
import { json, never, notFound, stubFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { reload } from '../../../lib/session';

describe('/about', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it('says what Nivesh is, that it is not investment advice, the version, and how to reach support', async () => {
    stubFetch(() => notFound());
    renderRoutes('/about');
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'About Nivesh' })).toBeTruthy();
    expect(within(main).getByRole('heading', { level: 2, name: 'What Nivesh is' })).toBeTruthy();
    const advice = within(main).getByRole('region', { name: 'Educational, not investment advice' });
    expect(advice.textContent).toContain('SEBI');
    expect(main.textContent).toContain('v2.1.22092025');
    expect(main.textContent).toContain('₹200 per month');

    const privacy = within(main).getByRole('region', { name: 'Your privacy' }).textContent;
    expect(privacy).toContain('We store neither your IP address nor your browser');
    expect(privacy).toContain('a hash) whose secret changes every day');
    expect(privacy).toContain('deleted after 90 days; only daily totals are kept');
    expect(privacy).toContain('off unless you turn it on in your profile');

    fireEvent.click(within(main).getByRole('button', { name: 'Contact Support' }));
    expect(await screen.findByRole('dialog', { name: 'Contact Support' })).toBeTruthy();
  });

  /** The 'Compliance profile' section, once the page has loaded. */
  const complianceSection = async () => {
    const main = screen.getByRole('main');
    await within(main).findByRole('heading', { level: 1, name: 'About Nivesh' }, { timeout: 5000 });
    return within(main).getByRole('region', { name: 'Compliance profile' });
  };

  it('shows the education profile in words, its rules and the SEBI circular with its number and date', async () => {
    const { callsTo } = stubFetch((call) => (call.url === '/api/system/compliance' ? json(EDUCATION_COMPLIANCE) : notFound()));
    renderRoutes('/about');
    const section = await complianceSection();
    expect(await within(section).findByText('This deployment of Nivesh runs under the education profile, for a platform engaged solely in education.')).toBeTruthy();
    const rules = within(within(section).getAllByRole('list')[0]!).getAllByRole('listitem').map((item) => item.textContent);
    expect(rules).toEqual(EDUCATION_COMPLIANCE.rules);
    // Each AI feature: what of it is automated and what has been measured of it, under either profile.
    const ai = within(within(section).getByTestId('ai-surfaces')).getAllByRole('listitem').map((item) => item.textContent);
    expect(ai).toEqual(EDUCATION_COMPLIANCE.ai.map((surface) => `${surface.name}. ${surface.automated} ${surface.measured}`));
    expect(ai.join(' ')).toMatch(/refused \d+\.\d% of the [\d,]+ that sought investment advice/);
    expect(section.textContent).toContain(
      'SEBI circular HO/47/17/12(11)2025-MRD-POD3/I/11107/2026 of 8 May 2026, “Norms for sharing and usage of price data for educational purposes”, in force from 1 Jul 2026.',
    );
    expect(callsTo('/api/system/compliance')).toHaveLength(1);
    // No analyst, so no disclosures, and no audit records to tell of.
    expect(within(section).queryByTestId('ra-disclosures')).toBeNull();
    expect(screen.queryByTestId('audit-privacy')).toBeNull();
  });

  it('shows the registered profile with the research analyst’s registration', async () => {
    stubFetch((call) => (call.url === '/api/system/compliance' ? json(REGISTERED_COMPLIANCE) : notFound()));
    renderRoutes('/about');
    const section = await complianceSection();
    expect(await within(section).findByText(/runs under the registered profile, as the tool of a SEBI-registered research analyst\./)).toBeTruthy();
    expect(section.textContent).toContain('run by Meera Iyer, a SEBI-registered research analyst (registration INH000012345, valid until 31 Mar 2029).');
    expect(section.textContent).toContain('HO/47/17/12(11)2025-MRD-POD3/I/11107/2026 of 8 May 2026');
    // The advice section no longer says Nivesh is not registered: this copy is run by a registered analyst.
    const advice = screen.getByRole('region', { name: 'Educational, not investment advice' });
    await waitFor(() => expect(advice.textContent).toContain('This copy of Nivesh is run by Meera Iyer, registered with the Securities and Exchange Board of India (SEBI) as a research analyst (registration INH000012345).'));
    expect(advice.textContent).not.toContain('It is not registered');
    // The analyst's disclosures, in the operator's words, and what the audit records keep in the privacy section.
    expect(within(section).getAllByTestId('ra-disclosures')[0]!.querySelectorAll('li')).toHaveLength(REGISTERED_COMPLIANCE.disclosures.length);
    expect(within(section).getByRole('heading', { name: "The research analyst's disclosures" }).id).toBe('disclosures');
    expect(within(screen.getByRole('region', { name: 'Your privacy' })).getByTestId('audit-privacy').textContent).toBe(REGISTERED_COMPLIANCE.audit.kept);
  });

  it('says the profile is loading while it is asked for', async () => {
    stubFetch((call) => (call.url === '/api/system/compliance' ? never() : notFound()));
    renderRoutes('/about');
    expect(within(await complianceSection()).getByRole('status').textContent).toBe('Loading the compliance profile…');
  });

  it('says the profile could not be loaded when the call fails, and the rest of the page stays', async () => {
    stubFetch((call) => (call.url === '/api/system/compliance' ? json({ detail: 'Service unavailable.' }, 503) : notFound()));
    renderRoutes('/about');
    const section = await complianceSection();
    expect(await within(section).findByText('The compliance profile could not be loaded just now, so its rules are not shown here; please try again later.')).toBeTruthy();
    expect(within(section).queryByRole('listitem')).toBeNull();
    expect(screen.getByRole('region', { name: 'Your privacy' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
