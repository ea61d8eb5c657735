import { useAuthDialog } from '../../../hooks/use-auth-dialog';
import { BLOG_TEXTS } from '../texts';

/** The prompt visitors see in place of whole posts, with the login and registration dialog one tap away. */
export function LoginPrompt({ text, label }: { text: string; label?: string }) {
  const authDialog = useAuthDialog();
  return (
    <div className="notice notice-row blog-login" role="note" aria-label={label}>
      <p>{text}</p>
      <div className="blog-login-actions">
        <button type="button" className="primary" onClick={() => authDialog.open('signin')}>
          {BLOG_TEXTS.logIn}
        </button>
        <button type="button" className="secondary" onClick={() => authDialog.open('register')}>
          {BLOG_TEXTS.createAccount}
        </button>
      </div>
    </div>
  );
}
