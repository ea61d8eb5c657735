import { act, fireEvent, render, screen } from '@testing-library/react';
import { ZoomControl } from './zoom-control';

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const click = (name: string) => fireEvent.click(button(name));
const appZoom = () => document.documentElement.style.getPropertyValue('--app-zoom');
const control = () => screen.getByRole('group', { name: 'Page zoom' });

const stubPointer = (coarse: boolean) => {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: coarse && query === '(pointer: coarse)',
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
};

describe('ZoomControl', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts at 100% and applies the zoom as a CSS variable, never an inline style attribute', () => {
    render(<ZoomControl />);
    const value = screen.getByLabelText('Zoom 100%');
    expect(value.textContent).toBe('100%');
    expect(value.getAttribute('aria-live')).toBe('polite');
    expect(appZoom()).toBe('1');
    click('Zoom in');
    expect(screen.getByLabelText('Zoom 110%').textContent).toBe('110%');
    expect(appZoom()).toBe('1.1');
    expect(document.querySelectorAll('[style]:not(html)')).toHaveLength(0);
  });

  it('steps by 10% and resets to 100%', () => {
    render(<ZoomControl />);
    click('Zoom out');
    click('Zoom out');
    expect(screen.getByLabelText('Zoom 80%')).toBeTruthy();
    expect(appZoom()).toBe('0.8');
    click('Reset zoom');
    expect(screen.getByLabelText('Zoom 100%')).toBeTruthy();
    expect(appZoom()).toBe('1');
  });

  it('stops at 300% with Zoom in disabled', () => {
    render(<ZoomControl />);
    for (let i = 0; i < 19; i += 1) click('Zoom in');
    expect(screen.getByLabelText('Zoom 290%')).toBeTruthy();
    expect(button('Zoom in').disabled).toBe(false);
    click('Zoom in');
    expect(screen.getByLabelText('Zoom 300%')).toBeTruthy();
    expect(appZoom()).toBe('3');
    expect(button('Zoom in').disabled).toBe(true);
    expect(button('Zoom out').disabled).toBe(false);
  });

  it('stops at 50% with Zoom out disabled', () => {
    render(<ZoomControl />);
    for (let i = 0; i < 4; i += 1) click('Zoom out');
    expect(button('Zoom out').disabled).toBe(false);
    click('Zoom out');
    expect(screen.getByLabelText('Zoom 50%')).toBeTruthy();
    expect(appZoom()).toBe('0.5');
    expect(button('Zoom out').disabled).toBe(true);
    expect(button('Zoom in').disabled).toBe(false);
  });

  it('moves keyboard focus to the other button when the focused one reaches its limit', () => {
    render(<ZoomControl />);
    for (let i = 0; i < 4; i += 1) click('Zoom out');
    button('Zoom out').focus();
    click('Zoom out');
    expect(document.activeElement).toBe(button('Zoom in'));
  });

  it('fades after 5 s without use: visible at 4.9 s, faded at 5 s', () => {
    vi.useFakeTimers();
    render(<ZoomControl />);
    act(() => vi.advanceTimersByTime(4900));
    expect(control().classList.contains('is-idle')).toBe(false);
    act(() => vi.advanceTimersByTime(100));
    expect(control().classList.contains('is-idle')).toBe(true);
  });

  it('comes back on use, on hover and on focus', () => {
    vi.useFakeTimers();
    render(<ZoomControl />);
    act(() => vi.advanceTimersByTime(5000));
    click('Zoom in');
    expect(control().classList.contains('is-idle')).toBe(false);
    act(() => vi.advanceTimersByTime(4900));
    expect(control().classList.contains('is-idle')).toBe(false);
    act(() => vi.advanceTimersByTime(100));
    expect(control().classList.contains('is-idle')).toBe(true);

    fireEvent.pointerOver(button('Reset zoom'));
    expect(control().classList.contains('is-idle')).toBe(false);
    act(() => vi.advanceTimersByTime(20_000));
    expect(control().classList.contains('is-idle')).toBe(false);
    fireEvent.pointerOut(button('Reset zoom'));
    act(() => vi.advanceTimersByTime(5000));
    expect(control().classList.contains('is-idle')).toBe(true);

    act(() => button('Zoom out').focus());
    expect(control().classList.contains('is-idle')).toBe(false);
  });

  it('wakes on a tap on the faded control, which its buttons let through', () => {
    vi.useFakeTimers();
    render(<ZoomControl />);
    act(() => vi.advanceTimersByTime(5000));
    fireEvent.click(control());
    expect(control().classList.contains('is-idle')).toBe(false);
    expect(screen.getByLabelText('Zoom 100%')).toBeTruthy();
  });

  it("says 'Pinch to zoom also works' on touch screens only", () => {
    stubPointer(true);
    const { unmount } = render(<ZoomControl />);
    expect(screen.getByText('Pinch to zoom also works')).toBeTruthy();
    unmount();
    stubPointer(false);
    render(<ZoomControl />);
    expect(screen.queryByText('Pinch to zoom also works')).toBeNull();
  });

  it('removes the zoom when it unmounts', () => {
    const { unmount } = render(<ZoomControl />);
    click('Zoom in');
    unmount();
    expect(appZoom()).toBe('');
  });
});
