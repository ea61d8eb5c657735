import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useLayoutActions } from '../../../hooks/use-layout-actions';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { formatINR } from '../../../lib/format';
import { PRIVACY_TEXTS } from '../texts';
import { useCompliance } from '../../../lib/get-compliance';
import { AuditPrivacy, ComplianceSection } from './compliance-section';
import './about.css';
import { PREMIUM_PRICE_INR_PER_MONTH } from '@nivesh/proto/values';

/** /about: what Nivesh is, that it educates rather than advises, and how to reach us. */
export function AboutPage() {
  usePageMeta({
    title: 'About Us',
    description: 'Nivesh is an educational analysis app for NSE stocks. It is not investment advice. How to reach support.',
    path: '/about',
  });
  const { openContactDialog, openHelpGuide } = useLayoutActions();
  const price = formatINR(PREMIUM_PRICE_INR_PER_MONTH, { fractionDigits: 0 });
  const analyst = useCompliance().data?.research_analyst ?? null;

  return (
    <div className="page-body prose">
      <PageHeader title="About Nivesh" lead="Analysis of NSE stocks, in rupees, for people investing their own money." />

      <section className="panel" aria-labelledby="about-what">
        <h2 id="about-what">What Nivesh is</h2>
        <p>
          Nivesh (&lsquo;investment&rsquo; in Hindi) helps retail investors in India understand the stocks they follow on the
          National Stock Exchange, and explains what each figure shows in plain language:
        </p>
        <ul className="plain-list">
          <li>
            The <Link to="/dashboard">Dashboard</Link>, <Link to="/technical-analysis">Technical Analysis</Link>,{' '}
            <Link to="/market-sentiment">Market Sentiment</Link>, <Link to="/risk-detection">Risk Detection</Link> and{' '}
            <Link to="/deep-insights">Deep Insights</Link> — charts, indicators and risk figures of NSE stocks.
          </li>
          <li>
            They work from end-of-day prices, not live ones: the line at the top of every page says the date of the latest
            prices and how long ago that was.
          </li>
          <li>
            <Link to="/ai-predictions">TrendVision</Link> forecasts come with their measured accuracy against the naive
            forecast; <Link to="/chat">Warren AI</Link> explains the market with the same figures and never gives a buy or
            sell call.
          </li>
          <li>
            <Link to="/undervalued-analytics">Undervalued Analytics</Link>, for logged-in users, screens the stocks on
            P/E, P/B, ROE and more from the companies&apos; own filings with NSE.
          </li>
          <li>
            The <Link to="/portfolio">Portfolio</Link>, for logged-in users, reads your Zerodha or Upstox trade book and
            shows your holdings, gains, XIRR against NIFTY 50 and risk, with watchlists and price alerts;{' '}
            <Link to="/portfolio-fixed">an example</Link> is open to everyone.
          </li>
          <li>
            <Link to="/ai-news">AI News</Link> lists results, corporate actions and market events generated from NSE
            filings and prices, with press articles when feeds are configured; the{' '}
            <Link to="/multi-agent">Intelligence Hub</Link> has six agents read a stock&apos;s figures and writes one
            report of where they agree and differ; the <Link to="/blog">blog</Link> holds educational articles.
          </li>
        </ul>
        <p>
          Nivesh is free to use with advertisements. <Link to="/premium">Premium</Link>, at {price} per month on one device
          at a time, removes every advertisement and opens the premium tools.
        </p>
      </section>

      <section className="panel callout" aria-labelledby="about-advice">
        <h2 id="about-advice">Educational, not investment advice</h2>
        {analyst ? (
          <p>
            This copy of Nivesh is run by {analyst.name}, registered with the Securities and Exchange Board of India (SEBI) as a
            research analyst (registration {analyst.registration_number}). Its screens and Warren AI stay educational, and
            nothing in the app is a recommendation to buy, sell or hold any security.
          </p>
        ) : (
          <p>
            Nivesh is an educational tool. It is not registered with the Securities and Exchange Board of India (SEBI) as an
            investment adviser or research analyst, and nothing in the app is a recommendation to buy, sell or hold any
            security.
          </p>
        )}
        <ul className="plain-list">
          <li>Nothing in Nivesh gives price targets or buy and sell calls.</li>
          <li>Indicators and scores describe the past; they do not tell what a price will do next.</li>
          <li>
            Investing in shares carries the risk of loss. Before you invest, read the company&apos;s filings and consider
            speaking to a SEBI-registered investment adviser.
          </li>
        </ul>
      </section>

      <ComplianceSection />

      <section className="panel" aria-labelledby="about-account">
        <h2 id="about-account">Your account</h2>
        <p>
          You sign in with your username, your password and a one-time code sent to your e-mail. A session lasts up to 30
          days on a device; logging out ends it at once.
        </p>
      </section>

      <section className="panel" aria-labelledby="about-privacy">
        <h2 id="about-privacy">{PRIVACY_TEXTS.heading}</h2>
        <p>{PRIVACY_TEXTS.paragraph}</p>
        <AuditPrivacy />
      </section>

      <section className="panel" aria-labelledby="about-support">
        <h2 id="about-support">Getting help</h2>
        <p>
          New here? The Help &amp; Guide explains the ideas behind the tools, from what an RSI reading means to how to read
          market breadth. For anything else — an account problem, a page that does not work — write to our support team.
        </p>
        <div className="button-row">
          <button type="button" className="primary" onClick={openContactDialog}>
            Contact Support
          </button>
          <button type="button" className="secondary" onClick={openHelpGuide}>
            Open Help &amp; Guide
          </button>
        </div>
      </section>

      <p className="muted">
        Nivesh <span>v{__APP_VERSION__}</span>
      </p>
    </div>
  );
}
