import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ContactDialog } from './contact-dialog';

function Harness() {
  const [open, setOpen] = useState(true);
  return <ContactDialog open={open} onOpenChange={setOpen} />;
}

describe('ContactDialog', () => {
  it('shows the support e-mail, the hours in IST and what never to share', () => {
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Contact Support' });
    expect(dialog.classList.contains('info-modal-contact')).toBe(true);
    const email = screen.getByRole('link', { name: 'support@nivesh.in' });
    expect(email.getAttribute('href')).toBe('mailto:support@nivesh.in');
    expect(dialog.textContent).toContain('IST');
    expect(dialog.textContent).toContain('Never share your OTP, password');
    // No payments exist yet, so support asks for no payment details.
    expect(dialog.textContent).not.toContain('transaction or order ID');
  });

  it("closes with 'Got it!'", () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Got it!' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
