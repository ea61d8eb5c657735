import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { symbolsQueryOptions } from '../../lib/market/get-symbols';
import { RECENT_SYMBOLS_KEY } from '../../lib/market/recent-symbols';
import { testQueryClient } from '../../testing/render';
import { SymbolPicker } from './symbol-picker';

const stock = (symbol: string, company: string, industry: string) => ({
  symbol,
  company,
  industry,
  isin: null,
  first_date: '2015-01-01',
  last_date: '2024-03-28',
});

const SYMBOLS = [
  stock('INFY', 'Infosys Ltd.', 'Information Technology'),
  stock('TCS', 'Tata Consultancy Services Ltd.', 'Information Technology'),
  stock('M&M', 'Mahindra & Mahindra Ltd.', 'Automobile and Auto Components'),
  stock('TATAMOTORS', 'Tata Motors Ltd.', 'Automobile and Auto Components'),
  stock('TATASTEEL', 'Tata Steel Ltd.', 'Metals & Mining'),
  stock('RELIANCE', 'Reliance Industries Ltd.', 'Oil Gas & Consumable Fuels'),
];

/** The picker on a page that keeps the picked symbol, as the market pages do with `?symbol=`. */
function Page({ initial, onPick, pickOnBlur }: { initial: string; onPick: (symbol: string) => void; pickOnBlur?: boolean }) {
  const [symbol, setSymbol] = useState(initial);
  return (
    <SymbolPicker
      value={symbol}
      pickOnBlur={pickOnBlur}
      onChange={(next) => {
        onPick(next);
        setSymbol(next);
      }}
    />
  );
}

const renderPicker = (initial = 'INFY', pickOnBlur?: boolean) => {
  const queryClient = testQueryClient();
  queryClient.setQueryData(symbolsQueryOptions().queryKey, SYMBOLS);
  const onPick = vi.fn();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Page initial={initial} onPick={onPick} pickOnBlur={pickOnBlur} />
    </QueryClientProvider>,
  );
  return { ...view, onPick, input: screen.getByRole('combobox', { name: 'Stock' }) as HTMLInputElement };
};

const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);
const type = (input: HTMLElement, text: string) => fireEvent.change(input, { target: { value: text } });
const key = (input: HTMLElement, name: string) => fireEvent.keyDown(input, { key: name });

describe('SymbolPicker', () => {
  beforeEach(() => localStorage.clear());

  it('is a labelled combobox that controls a listbox of options', () => {
    const { input } = renderPicker();

    expect(input.dataset.testid).toBe('symbol-picker');
    expect(input.value).toBe('INFY — Infosys Ltd.');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
    expect(listbox?.getAttribute('role')).toBe('listbox');

    fireEvent.click(input);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(SYMBOLS.length);
    // Opened on the stock shown, grouped by industry.
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'INFY — Infosys Ltd.' }).id);
    expect(screen.getByRole('group', { name: 'Information Technology' })).toBeTruthy();
  });

  it('narrows the list to the stocks whose symbol or company name starts with what is typed', () => {
    const { input } = renderPicker();

    type(input, 'inf');
    expect(optionNames()).toEqual(['INFY — Infosys Ltd.']);
    type(input, 'TATA');
    expect(optionNames()).toEqual(['TATAMOTORS — Tata Motors Ltd.', 'TATASTEEL — Tata Steel Ltd.', 'TCS — Tata Consultancy Services Ltd.']);
    type(input, 'mahindra');
    expect(optionNames()).toEqual(['M&M — Mahindra & Mahindra Ltd.']);
    type(input, 'm&m');
    expect(optionNames()).toEqual(['M&M — Mahindra & Mahindra Ltd.']);
    expect(screen.getByRole('status').textContent).toBe('1 stock matches.');

    type(input, 'nope');
    expect(optionNames()).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('No stock matches “nope”. Try the first letters of its symbol or company name.');
  });

  it('picks with the arrow keys and Enter', () => {
    const { input, onPick } = renderPicker();

    type(input, 'tata');
    // The best match is ready for Enter; the arrows move from it.
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: /^TATAMOTORS/ }).id);
    key(input, 'ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: /^TATASTEEL/ }).id);
    key(input, 'ArrowDown');
    key(input, 'ArrowUp');
    key(input, 'Enter');

    expect(onPick).toHaveBeenCalledWith('TATASTEEL');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.value).toBe('TATASTEEL — Tata Steel Ltd.');
  });

  it('picks with a click', () => {
    const { input, onPick } = renderPicker();

    type(input, 'reli');
    fireEvent.click(screen.getByRole('option', { name: 'RELIANCE — Reliance Industries Ltd.' }));

    expect(onPick).toHaveBeenCalledWith('RELIANCE');
    expect(input.value).toBe('RELIANCE — Reliance Industries Ltd.');
  });

  it('closes on Escape and keeps the stock shown', () => {
    const { input, onPick } = renderPicker();

    type(input, 'tata');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    key(input, 'Escape');

    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(input.value).toBe('INFY — Infosys Ltd.');
    expect(onPick).not.toHaveBeenCalled();
  });

  it('shows the recent picks first, under "Recent", and remembers them for the next visit', () => {
    const { input, unmount } = renderPicker();
    for (const text of ['tcs', 'm&m']) {
      type(input, text);
      key(input, 'Enter');
    }

    type(input, '');
    expect(screen.getByText('Recent')).toBeTruthy();
    const recent = screen.getByRole('group', { name: 'Recent' });
    expect(within(recent).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'M&M — Mahindra & Mahindra Ltd.',
      'TCS — Tata Consultancy Services Ltd.',
    ]);
    expect(optionNames().slice(0, 2)).toEqual(['M&M — Mahindra & Mahindra Ltd.', 'TCS — Tata Consultancy Services Ltd.']);
    expect(JSON.parse(localStorage.getItem(RECENT_SYMBOLS_KEY) ?? '[]')).toEqual(['M&M', 'TCS']);

    unmount();
    const again = renderPicker();
    fireEvent.click(again.input);
    expect(optionNames().slice(0, 2)).toEqual(['M&M — Mahindra & Mahindra Ltd.', 'TCS — Tata Consultancy Services Ltd.']);
  });

  it('keeps the five latest picks, each once', () => {
    const { input } = renderPicker();
    for (const text of ['tcs', 'reli', 'tatam', 'tatas', 'm&m', 'infy', 'tcs']) {
      type(input, text);
      key(input, 'Enter');
    }

    expect(JSON.parse(localStorage.getItem(RECENT_SYMBOLS_KEY) ?? '[]')).toEqual(['TCS', 'INFY', 'M&M', 'TATASTEEL', 'TATAMOTORS']);
    fireEvent.click(input);
    expect(within(screen.getByRole('group', { name: 'Recent' })).getAllByRole('option')).toHaveLength(5);
  });

  it('shows no selection for a symbol that is not in the list, so a new one can be typed', () => {
    const { input } = renderPicker('NOPE');

    expect(input.value).toBe('');
    expect(input.placeholder).toBe('Symbol or company name');
    type(input, 'infy');
    expect(optionNames()).toEqual(['INFY — Infosys Ltd.']);
  });

  it('leaving with a name typed keeps the stock shown, or with pickOnBlur picks the best match', () => {
    const leave = (input: HTMLElement) => fireEvent.blur(input);
    const plain = renderPicker();
    type(plain.input, 'tata m');
    leave(plain.input);
    expect(plain.input.value).toBe('INFY — Infosys Ltd.');
    expect(plain.onPick).not.toHaveBeenCalled();
    plain.unmount();

    const picking = renderPicker('INFY', true);
    type(picking.input, 'tata m');
    leave(picking.input);
    expect(picking.input.value).toBe('TATAMOTORS — Tata Motors Ltd.');
    expect(picking.onPick).toHaveBeenCalledWith('TATAMOTORS');
    // Nothing matching is dropped, as without it.
    type(picking.input, 'zzz');
    leave(picking.input);
    expect(picking.input.value).toBe('TATAMOTORS — Tata Motors Ltd.');
    expect(picking.onPick).toHaveBeenCalledTimes(1);
  });
});
