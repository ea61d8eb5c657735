import { act, render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type SearchParamsUpdate, useLatestSearchParams } from './use-latest-search-params';

let update: SearchParamsUpdate;
let search = '';

function Probe() {
  [, update] = useLatestSearchParams();
  search = useLocation().search;
  return null;
}

const withParam = (name: string, value: string) => (current: URLSearchParams) => {
  const next = new URLSearchParams(current);
  next.set(name, value);
  return next;
};

describe('useLatestSearchParams', () => {
  it('keeps both of two changes made before the page renders again', () => {
    render(
      <MemoryRouter initialEntries={['/ai-news?tone=positive']}>
        <Probe />
      </MemoryRouter>,
    );
    act(() => {
      update(withParam('symbol', 'INFY'));
      update(withParam('kind', 'results'));
    });
    expect(new URLSearchParams(search).toString()).toBe('tone=positive&symbol=INFY&kind=results');
  });

  it('starts from the address after it changed elsewhere', () => {
    render(
      <MemoryRouter initialEntries={['/ai-news?kind=press']}>
        <Probe />
      </MemoryRouter>,
    );
    act(() => update(withParam('page', '2')));
    act(() => update(withParam('tone', 'negative')));
    expect(new URLSearchParams(search).toString()).toBe('kind=press&page=2&tone=negative');
  });
});
