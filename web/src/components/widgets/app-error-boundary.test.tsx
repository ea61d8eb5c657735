import { fireEvent, render, screen } from '@testing-library/react';
import { AppErrorBoundary } from './app-error-boundary';
import { ErrorScreen } from './error-screen';
import { reloadPage } from './reload-page';

vi.mock('./reload-page', () => ({ reloadPage: vi.fn() }));

function Broken(): never {
  throw new Error('The news paper is missing.');
}

describe('ErrorScreen', () => {
  it("says 'Something went wrong', why the news paper failed, and reloads with 'Reload Page'", () => {
    render(<ErrorScreen />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The news paper failed to load');
    for (const reason of ['backend is not running', 'Network issues', 'Data loading problems']) {
      expect(alert.textContent).toContain(reason);
    }
    fireEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});

describe('AppErrorBoundary', () => {
  it('renders its children while nothing fails', () => {
    render(
      <AppErrorBoundary>
        <p>Dashboard</p>
      </AppErrorBoundary>,
    );
    expect(screen.getByText('Dashboard')).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });

  it('shows the error screen when a child throws', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <AppErrorBoundary>
        <p>Dashboard</p>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeTruthy();
    expect(screen.queryByText('Dashboard')).toBeNull();
    expect(consoleError).toHaveBeenCalled();
  });
});
