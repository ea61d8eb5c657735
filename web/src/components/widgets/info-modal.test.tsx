import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { InfoModal } from './info-modal';
import type { InfoModalType } from './info-modal';

function Harness({ type = 'info', onOpenChange }: { type?: InfoModalType; onOpenChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <InfoModal
      type={type}
      open={open}
      onOpenChange={(next) => {
        onOpenChange?.(next);
        setOpen(next);
      }}
      title="Market hours"
    >
      <p>NSE trades from 9:15 AM to 3:30 PM IST.</p>
    </InfoModal>
  );
}

describe('InfoModal', () => {
  it('is a dialog named by its title, describing its content', () => {
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Market hours' });
    const describedBy = dialog.getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toContain('9:15 AM');
  });

  it("closes with 'Got it!'", () => {
    const onOpenChange = vi.fn();
    render(<Harness onOpenChange={onOpenChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Got it!' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes with Escape', () => {
    render(<Harness />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each(['info', 'contact', 'payment'] as const)('sets the %s accent', (type) => {
    render(<Harness type={type} />);
    const dialog = screen.getByRole('dialog');
    expect(dialog.classList.contains(`info-modal-${type}`)).toBe(true);
    expect(dialog.querySelector('.info-modal-icon svg')).not.toBeNull();
  });

  it('renders nothing while closed', () => {
    render(
      <InfoModal type="info" open={false} onOpenChange={() => undefined} title="Hidden">
        <p>Not shown</p>
      </InfoModal>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
