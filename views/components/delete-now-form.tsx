// "Delete now" in the deletion section of /settings (issue 18.2): folded away under the ordinary
// 14-day deletion, it erases the account at once after a ticked box and the password. A plain
// <details>, so it opens without JavaScript; it comes back open when the server refused it.
import { Checkbox, TextField } from './form/index.js';
import { usePage } from '../render-context.js';

export function DeleteNowForm({ open, days }: { open: boolean; days: number }) {
  const { t, csrfToken } = usePage();
  return (
    <details className="delete-now" open={open} data-testid="delete-now">
      <summary className="delete-now__summary">{t('pages:deleteNow.title')}</summary>
      <p className="delete-now__warning" role="note">{t('pages:deleteNow.intro', { days })}</p>
      <form method="post" action="/settings/delete-now" className="form" data-testid="delete-now-form">
        <input type="hidden" name="_csrf" value={csrfToken} />
        <Checkbox name="delete_now_confirm">{t('pages:deleteNow.confirm')}</Checkbox>
        <TextField label={t('pages:settings.currentPassword')} name="delete_now_password" type="password" autoComplete="current-password" maxLength={1024} />
        <button className="btn btn--danger" type="submit">{t('pages:deleteNow.submit')}</button>
      </form>
    </details>
  );
}
