import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { HELP_TEXTS } from '../texts';
import { HelpGuidePanel } from './help-guide-panel';

function Harness() {
  const [open, setOpen] = useState(true);
  return <HelpGuidePanel open={open} onOpenChange={setOpen} />;
}

const panel = () => screen.getByRole('tabpanel');

describe('HelpGuidePanel', () => {
  it("is a dialog titled 'Help & Guide' with the six tabs in order, Overview first", () => {
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Help & Guide' });
    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Overview',
      'Technical Analysis',
      'Market Sentiment',
      'Undervalued Stocks',
      'Warren AI',
      'Pro Tips',
    ]);
    expect(within(dialog).getByRole('tablist', { name: 'Help topics' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    expect(within(panel()).getByRole('heading', { name: 'Overview' })).toBeTruthy();
  });

  it('switches tabs on click, showing that tab’s guidance', () => {
    render(<Harness />);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Technical Analysis' }));
    expect(screen.getByRole('tab', { name: 'Technical Analysis' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('false');
    expect(panel().textContent).toContain('above 70');
    expect(panel().textContent).toContain('Below 30');
    expect(panel().textContent).toContain('golden cross');

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Undervalued Stocks' }));
    expect(panel().textContent).toContain('P/E of 20');
    expect(panel().textContent).toContain('₹500');

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Warren AI' }));
    expect(panel().textContent).toContain('with the date of every figure it quotes');
    expect(panel().textContent).toContain('never gives buy, sell or hold calls, price targets');
    expect(panel().textContent).toContain('SEBI');

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Pro Tips' }));
    expect(panel().textContent).toContain('₹5,00,000');
    expect(panel().textContent).toContain('guaranteed');
    expect(panel().textContent).toContain('INA');
  });

  it('teaches in Pro Tips what people do and why, with the trade-offs, and never tells the reader what to do with money', () => {
    render(<Harness />);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Pro Tips' }));
    const blocks = [...panel().querySelectorAll('h3, p, li')].map((block) => block.textContent ?? '');
    const sentences = blocks.flatMap((block) => block.split(/(?<=[.!?:;])\s+/));
    const instructions = sentences.filter((sentence) =>
      /^(buy|sell|hold|invest|put|spread|diversify|decide|risk|size|set|keep|use|start|stick|avoid|never|always)\b/i.test(sentence),
    );
    expect(instructions).toEqual([]);
    expect(panel().textContent).not.toMatch(/\b(sound core|should|you must)\b/i);
    for (const practice of ['Diversification', 'Position sizing', 'Stop-loss orders']) {
      const heading = within(panel()).getByRole('heading', { level: 3, name: practice });
      expect([practice, heading.nextElementSibling?.textContent]).toEqual([practice, expect.stringMatching(/The trade-offs?: /)]);
    }
  });

  it('gives every tab a labelled panel with real guidance', () => {
    render(<Harness />);
    for (const { label } of HELP_TEXTS.tabs) {
      const tab = screen.getByRole('tab', { name: label });
      fireEvent.mouseDown(tab);
      const current = panel();
      expect(current.getAttribute('aria-labelledby')).toBe(tab.id);
      expect(within(current).getByRole('heading', { level: 2, name: label })).toBeTruthy();
      expect(current.textContent?.length ?? 0).toBeGreaterThan(600);
    }
  });

  it('moves between tabs with the arrow keys', async () => {
    render(<Harness />);
    const overview = screen.getByRole('tab', { name: 'Overview' });
    overview.focus();
    fireEvent.keyDown(overview, { key: 'ArrowRight' });
    const technical = screen.getByRole('tab', { name: 'Technical Analysis' });
    // Radix moves roving focus on the next tick.
    await waitFor(() => expect(document.activeElement).toBe(technical));
    expect(technical.getAttribute('aria-selected')).toBe('true');
  });

  it('closes with its close button', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Close Help & Guide' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
