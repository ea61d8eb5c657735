import { render, screen } from '@testing-library/react';
import { SCROLL_TABLE_HINT, ScrollTable } from './scroll-table';

/** jsdom lays nothing out: the box's widths are given here. */
const withWidths = (scrollWidth: number, clientWidth: number) => {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
};

const table = (
  <table>
    <tbody>
      <tr>
        <td>1</td>
      </tr>
    </tbody>
  </table>
);

describe('ScrollTable', () => {
  it('scrolls a table wider than its box: a named region that takes focus, with a line saying so', () => {
    withWidths(640, 320);
    render(<ScrollTable label="Unusual trading days table">{table}</ScrollTable>);
    const region = screen.getByRole('region', { name: 'Unusual trading days table' });
    expect(region.tabIndex).toBe(0);
    expect(region.className).toBe('table-scroll');
    expect(screen.getByText(SCROLL_TABLE_HINT)).toBeTruthy();
  });

  it('adds nothing around a table that fits', () => {
    withWidths(300, 320);
    render(<ScrollTable label="Sector performance table">{table}</ScrollTable>);
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByText(SCROLL_TABLE_HINT)).toBeNull();
    expect(screen.getByRole('table').parentElement?.hasAttribute('tabindex')).toBe(false);
  });
});
