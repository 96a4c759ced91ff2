// One ask at a time: the activation reminder, the disabled-notifications alert, the profile-enrich
// warning and the push prompt, in that order, never two at once.
import { expect } from 'chai';
import type { SessionUser } from '../../types/user.js';
import type { SiteSettings } from '../../types/settings.js';
import { currentAsk } from '../../views/components/member-asks.js';

const settings = { push_public_key: 'BKey' } as SiteSettings;

function user(o: { confirmed?: boolean; photo?: boolean; disabled?: string[]; dismissed?: string[] } = {}): SessionUser {
  return {
    status: o.confirmed === false ? 'not_confirmed' : 'active',
    profile: { status: o.confirmed === false ? 'disabled' : 'active', main_image: o.photo ? { filename: 'a.webp' } : null },
    notifications_disabled: o.disabled ?? [],
    dismissed_alerts: o.dismissed ?? [],
    signup_step: null,
  } as unknown as SessionUser;
}

describe('member asks', () => {
  const ask = (u: SessionUser | null, routeName = 'members') => currentAsk({ user: u, routeName, settings });

  it('shows the first that applies and lets the next one through once it is done or dismissed', () => {
    expect(ask(user({ confirmed: false }))).to.equal('activation');
    expect(ask(user({ disabled: ['weekly_updates'] }))).to.equal('disabled_notifications');
    expect(ask(user({ disabled: ['weekly_updates'], dismissed: ['disabled_notifications'] }))).to.equal('profile_enrich');
    expect(ask(user({ dismissed: ['profile_enrich'] }))).to.equal('push');
    expect(ask(user({ photo: true }))).to.equal('push');
    expect(ask(user({ photo: true, dismissed: ['push'] }))).to.equal(null);
    expect(ask(null)).to.equal(null);
  });

  it('skips an ask on the pages it keeps away from, letting the next one show there', () => {
    // The profile page is where the photo is added: no enrich warning there, the push prompt instead.
    expect(ask(user(), 'profile')).to.equal('push');
    expect(ask(user({ confirmed: false }), 'settings')).to.equal('push');
    expect(ask(user({ confirmed: false }), 'activation-sent')).to.equal('profile_enrich');
    expect(ask(user(), 'premium')).to.equal(null);
  });
});
