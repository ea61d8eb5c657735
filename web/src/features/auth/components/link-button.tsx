import type { ReactNode } from 'react';

type LinkButtonProps = { children: ReactNode; onClick: () => void; disabled?: boolean };

/** A button that looks like a link, for moving between the views. */
export function LinkButton({ children, onClick, disabled }: LinkButtonProps) {
  return (
    <button type="button" className="link-button" onClick={onClick} disabled={disabled}>
      {children}
    </button>
  );
}
