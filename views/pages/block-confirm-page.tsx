// GET /members/{id}/block (issue 18.5): the confirmation before a block, reached from the chat
// header and the chat list (the profile's own menu explains it in place). What a block does and
// what unblocking later does not undo, the Block button (a plain form post), a way back, and the
// report link for a member who wants to tell us why.
import type { BlockTarget } from '../../types/blocks.js';
import { usePage } from '../render-context.js';

export function BlockConfirmPage({ target, back }: { target: BlockTarget; back: string }) {
  const { t, csrfToken } = usePage();
  const vars = { name: target.name };
  return (
    <div className="container section narrow block-confirm">
      <div className="auth__card" data-testid="block-confirm">
        <div className="block-confirm__who">
          <span className="blocked-list__photo blocked-list__photo--large" aria-hidden="true">
            {target.photoUrl ? <img src={target.photoUrl} alt="" width={72} height={72} /> : target.name.slice(0, 1).toUpperCase()}
          </span>
          <h1 className="page-title">{t('blocking:confirm.title', vars)}</h1>
        </div>
        <p>{t('blocking:confirm.what', vars)}</p>
        <p className="settings__hint">{t('blocking:confirm.undo', vars)}</p>
        <form method="post" action={`/members/${target.id}/block`} className="block-confirm__actions">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <button type="submit" className="btn btn--danger" data-testid="block-confirm-button">{t('blocking:confirm.block', vars)}</button>
          <a className="btn btn--light" href={back}>{t('blocking:confirm.cancel')}</a>
        </form>
        <p className="auth__alt">
          <a href={`/complaints?profile=${target.id}#complaint-form`}>{t('blocking:confirm.report', vars)}</a>
        </p>
      </div>
    </div>
  );
}
