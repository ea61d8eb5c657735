import { InfoModal } from '../../../components/widgets/info-modal';
import { SUPPORT_TEXTS } from '../texts';

type ContactDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** How to reach support: e-mail, hours in IST, what to include, and what never to share. */
export function ContactDialog({ open, onOpenChange }: ContactDialogProps) {
  return (
    <InfoModal type="contact" open={open} onOpenChange={onOpenChange} title={SUPPORT_TEXTS.title}>
      <p>Write to us and a person from the Nivesh team will reply by e-mail.</p>
      <dl className="contact-details">
        <div>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${SUPPORT_TEXTS.email}`}>{SUPPORT_TEXTS.email}</a>
          </dd>
        </div>
        <div>
          <dt>Hours</dt>
          <dd>{SUPPORT_TEXTS.hours}</dd>
        </div>
      </dl>
      <h3 className="contact-subhead">Please include</h3>
      <ul>
        <li>Your Nivesh username and the e-mail address you registered with</li>
        <li>The page or feature, what you did, and what you expected to happen</li>
        <li>The time it happened (IST), your device and browser, and a screenshot if you can</li>
      </ul>
      <p className="contact-warning">
        <strong>Never share your OTP, password, card details or UPI PIN</strong>, not even with us. Nivesh support will
        never ask for them.
      </p>
      <p className="muted">Support cannot give personal investment advice or stock tips.</p>
    </InfoModal>
  );
}
