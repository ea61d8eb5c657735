import type { ReactNode } from 'react';
import { formatINR } from '../../../lib/format';
import type { HelpTab } from '../texts';

const rupees = (amount: number) => formatINR(amount, { fractionDigits: 0 });

function Overview() {
  return (
    <>
      <p>
        Nivesh helps you study NSE-listed stocks, with prices in rupees. Every screen is educational: it explains what
        the numbers say, it does not tell you what to buy or sell.
      </p>
      <h3>Where to find what</h3>
      <ul>
        <li>
          <strong>Dashboard</strong>: the market at a glance — NIFTY 50, how many stocks rose and fell, the biggest movers
          and how each sector did.
        </li>
        <li>
          <strong>Technical Analysis</strong>: price charts with indicators such as RSI, moving averages and MACD.
        </li>
        <li>
          <strong>Market Sentiment</strong>: the mood of the market from breadth, momentum and volatility.
        </li>
        <li>
          <strong>Risk Detection</strong> and <strong>Deep Insights</strong>: warning signs and the story behind a
          stock.
        </li>
        <li>
          <strong>TrendVision</strong>: a statistical forecast of the next ten closes with its bands, and how it did on past
          data against simply assuming no change, which is hard to beat.
        </li>
        <li>
          <strong>Warren AI</strong>: an educational chat that explains a stock&apos;s indicators and the market&apos;s mood
          with Nivesh&apos;s own figures.
        </li>
        <li>
          <strong>Undervalued Analytics</strong> (after logging in): P/E, P/B, ROE and other measures from the results
          companies file with NSE, against each stock&apos;s own history and its sector, and how the cheapest stocks have
          done since 2019.
        </li>
        <li>
          <strong>AI News</strong>: events generated from NSE filings and prices (results, corporate actions, 52-week highs
          and lows), each with what the price did next; press articles appear only when news feeds are set up.
        </li>
        <li>
          <strong>Intelligence Hub</strong> and <strong>Portfolio</strong> (after logging in): one stock explained by six
          agents side by side, and your own holdings and watchlists.
        </li>
        <li>
          <strong>Blog</strong>: articles on investing ideas, such as reading RSI or what P/E hides.
        </li>
      </ul>
      <h3>A good way to use it</h3>
      <ol>
        <li>Start with the trend and the wider market, then look at the single stock.</li>
        <li>Check one idea with more than one tool: a chart signal, the valuation and the news.</li>
        <li>
          Nivesh&apos;s prices are end-of-day closes, not live ones; the line at the top of each page says how old they
          are. Confirm prices on the NSE website or with your broker before you act.
        </li>
      </ol>
      <p className="help-note">
        Nothing in Nivesh is investment advice. For advice on your own money, speak to a SEBI-registered investment
        adviser.
      </p>
    </>
  );
}

function TechnicalAnalysis() {
  return (
    <>
      <p>
        Technical indicators are calculated from past prices and volumes. They describe what has happened and how
        strongly; they do not know the future. Use several together and always check the timeframe (daily, weekly).
      </p>
      <h3>RSI (Relative Strength Index)</h3>
      <p>
        A 0–100 gauge of how fast a price has moved, usually over 14 periods. A reading above 70 is commonly called
        overbought: the price has risen quickly and may pause or pull back. Below 30 is called oversold: it has fallen
        quickly and may bounce. In a strong trend RSI can stay above 70 (or below 30) for weeks, so treat these levels
        as a reason to look closer, not as a signal on their own. A divergence, such as a new price high with a lower
        RSI high, hints that momentum is fading.
      </p>
      <h3>Moving averages and crossovers</h3>
      <p>
        A simple moving average (SMA) is the average closing price of the last N days; an exponential one (EMA) gives
        recent days more weight. The 50-day and 200-day averages are widely watched: a price above a rising 200-day
        average points to a long-term uptrend. When the 50-day crosses above the 200-day it is called a golden cross;
        crossing below is a death cross. Averages lag the price and give many false signals when the market moves
        sideways.
      </p>
      <h3>MACD</h3>
      <p>
        The 12-day EMA minus the 26-day EMA, shown with a signal line (the 9-day EMA of MACD) and a histogram of the gap
        between them. MACD crossing above its signal line suggests momentum is turning up; crossing below, turning
        down. Above zero, the short-term average is above the long-term one. Like moving averages, it lags.
      </p>
      <h3>Bollinger Bands</h3>
      <p>
        A 20-day average with bands two standard deviations above and below. Wide bands mean high volatility; narrow
        bands (a squeeze) often come before a big move, but do not tell you its direction. Touching the upper band is
        not by itself a sell signal: in strong trends prices can ride along the band.
      </p>
      <h3>Volume</h3>
      <p>
        Volume shows conviction. A breakout on volume well above the recent average is more believable than one on thin
        trading. On NSE you can also check the delivery percentage: a high share of delivered (not intraday) trades
        suggests buyers are holding the stock rather than trading it within the day.
      </p>
    </>
  );
}

function MarketSentiment() {
  return (
    <>
      <p>
        Sentiment is the market&apos;s mood. It matters because crowds overreact, but it is a thermometer, not a
        forecast.
      </p>
      <h3>Reading a sentiment index</h3>
      <p>
        A sentiment index combines signals such as news tone, price momentum, breadth and volatility into one number on
        a fear-to-greed scale. Extremes are the interesting part: extreme greed often appears when good news is already
        in the price, and extreme fear near panic lows. The direction of change over days tells you more than a single
        reading.
      </p>
      <h3>Market breadth</h3>
      <p>
        Breadth asks how many stocks take part in a move. The advance-decline ratio compares the number of rising and
        falling stocks. If the Nifty 50 rises while most stocks fall, the rally is narrow and rests on a few heavyweights.
        The share of stocks above their 200-day average and the count of 52-week highs against lows tell a similar story.
      </p>
      <h3>India VIX</h3>
      <p>
        NSE&apos;s volatility index, worked out from Nifty option prices: the annualised volatility the market expects
        over the next 30 days. A rising VIX means more uncertainty and usually larger daily swings.
      </p>
      <h3>Institutional flows and news</h3>
      <p>
        NSE publishes daily provisional figures for net buying and selling by foreign (FII/FPI) and domestic (DII)
        institutions. A run of heavy selling or buying can move the whole market. Headlines are priced in within minutes;
        by the time a story reaches a chat group, the move has usually happened.
      </p>
    </>
  );
}

function UndervaluedStocks() {
  return (
    <>
      <p>
        &quot;Undervalued&quot; means cheap on the numbers compared with similar companies or the company&apos;s own
        history. It is where research starts, not a recommendation.
      </p>
      <h3>P/E ratio (price to earnings)</h3>
      <p>
        The share price divided by earnings per share over the last twelve months: how many rupees investors pay for
        each rupee of yearly profit. A share at {rupees(500)} with earnings of {rupees(25)} per share has a
        P/E of 20.
      </p>
      <ul>
        <li>A low P/E can mean a bargain, or that the market expects profits to fall (a value trap).</li>
        <li>A high P/E usually reflects expected growth, which has to arrive to justify the price.</li>
        <li>One-off gains can flatter earnings, and cyclical companies (metals, commodities) look cheapest at their peak.</li>
        <li>A loss-making company has no meaningful P/E.</li>
      </ul>
      <h3>P/B ratio (price to book)</h3>
      <p>
        The share price divided by book value (assets minus liabilities) per share. It suits banks and finance companies,
        whose assets are mostly loans and investments. It says little about IT or consumer brands, whose value lies in
        people and brands rather than on the balance sheet. A P/B below 1 may be a bargain or a sign of trouble such as bad
        loans.
      </p>
      <h3>Compare within the sector</h3>
      <p>
        Compare a bank with banks and an IT company with IT companies: sectors trade at very different normal valuations.
        Look at the sector median and at the company&apos;s own five-year range.
      </p>
      <h3>Check before you trust a low number</h3>
      <ul>
        <li>Debt: a high debt-to-equity ratio makes a cheap stock riskier.</li>
        <li>Return on equity and steady operating cash flow that matches reported profit.</li>
        <li>Promoter holding, and whether promoters have pledged their shares.</li>
      </ul>
    </>
  );
}

function WarrenAi() {
  return (
    <>
      <p>
        Warren AI, Nivesh&apos;s educational chat assistant, explains what a stock&apos;s indicators, risk figures and
        the market&apos;s mood show, with the date of every figure it quotes, and answers general questions about
        investing. Open it from the bubble on Technical Analysis and Market Sentiment, or on its own page.
      </p>
      <h3>No tips, by rule</h3>
      <p>
        Nivesh never gives buy, sell or hold calls, price targets or how much to invest. Under SEBI rules, personal
        investment advice and research recommendations may only come from registered investment advisers and research
        analysts.
      </p>
      <h3>Education or advice?</h3>
      <p>
        Education explains how a tool works and what a figure means in general. Advice tells you what to do with your own
        money, and only a registered adviser may give it to you for a fee.
      </p>
      <h3>Wherever you ask</h3>
      <p>
        Instead of &quot;Should I buy this stock?&quot; ask &quot;What does the recent MACD crossover on this chart
        mean?&quot; or &quot;How does this company&apos;s P/E compare with its sector?&quot;. Never type your PAN, account
        numbers, passwords or OTPs into any chat.
      </p>
    </>
  );
}

// Each tip says what investors and traders commonly do, why, and what it costs them; none says what the reader should do.
function ProTips() {
  return (
    <>
      <p>
        Habits that many investors and traders follow, why they follow them and what each one costs. They describe common
        practice; they are not advice on what to do with your own money.
      </p>
      <h3>Diversification</h3>
      <p>
        Many investors spread their money across sectors and across asset types (equity, debt, gold), often with a broad
        index fund at the centre, so that no single company or sector can do much damage on its own. The trade-off: a
        spread-out portfolio rarely falls as far as its worst holding, but it also rarely rises as far as its best one,
        and index funds add their own expense ratio and tracking error.
      </p>
      <h3>Position sizing</h3>
      <p>
        Traders often fix the most they are prepared to lose on one idea before they enter, and work out the number of
        shares from it. A widely quoted rule of thumb puts that loss at 1–2% of capital per trade: with{' '}
        {rupees(500000)} and a 1% limit the loss is capped at {rupees(5000)}, and with an exit {rupees(20)} below the
        entry price that comes to 250 shares. The idea is that a run of losses dents the capital rather than wiping it
        out. The trade-off: small positions make small gains too, and the cap holds only if the exit is actually taken.
      </p>
      <h3>Stop-loss orders</h3>
      <p>
        A stop-loss is an order to sell automatically once the price falls to a chosen level. Traders who use one usually
        choose the level before they enter and do not move it further away when the price falls, because a loss that is
        not cut can keep growing while they hope for a recovery. The trade-offs: ordinary swings can trigger it just
        before a rebound, and when a stock opens with a gap it can fill well below its level, so the loss can be larger
        than planned. Many long-term investors do without one and accept larger swings instead.
      </p>
      <h3>Beware tips and guaranteed returns</h3>
      <p>
        Stock tips in WhatsApp and Telegram groups, &quot;sure-shot multibaggers&quot; and promises of guaranteed or
        fixed returns are classic signs of pump-and-dump schemes and fraud. No one can guarantee returns in equities.
      </p>
      <h3>SEBI registration</h3>
      <p>
        In India, anyone paid for investment advice must be registered with SEBI as an investment adviser, and anyone who
        publishes research recommendations as a research analyst. SEBI&apos;s list of registered intermediaries on
        sebi.gov.in shows who is: investment advisers&apos; numbers start with INA and research analysts&apos; with INH.
        Someone who is not on it has no SEBI oversight, and their clients have no SEBI complaint route against them.
      </p>
      <h3>Account safety</h3>
      <ul>
        <li>
          No genuine company, broker or regulator asks for OTPs, passwords or demat details; a request for them is a sign
          of fraud.
        </li>
        <li>
          Contract notes and the depository&apos;s (NSDL/CDSL) alerts and statements list every trade, so a trade nobody
          made shows up there.
        </li>
        <li>
          Futures and options magnify gains and losses alike: SEBI&apos;s own studies found that about nine in ten
          individual F&amp;O traders lost money.
        </li>
      </ul>
    </>
  );
}

/** The guidance of each Help & Guide tab, written for Indian retail investors. */
export const HELP_CONTENT: Record<HelpTab, () => ReactNode> = {
  overview: Overview,
  'technical-analysis': TechnicalAnalysis,
  'market-sentiment': MarketSentiment,
  'undervalued-stocks': UndervaluedStocks,
  'warren-ai': WarrenAi,
  'pro-tips': ProTips,
};
