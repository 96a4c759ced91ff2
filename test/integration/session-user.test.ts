// The member every page shows (members-service sessionUser, read in one statement by users-repo
// memberForPage): badge counts, dismissed alerts and notification switches as stored.
import { expect } from 'chai';
import type { SessionUser } from '../../types/user.js';
import { describeEachBackend } from '../helpers/backends.js';
import { loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';
import { createProfile } from '../helpers/profiles.js';

describeEachBackend('session user', (env) => {
  const db = () => env().rt.db;

  it('has the badge counts, every dismissed alert and the switches turned off', async () => {
    const m = await createMember(db(), { name: 'Furnished' });
    const profileId = Number((await db()('profiles').where({ user_id: m.id }).first('id')).id);
    const a = await loggedInAgent(env().app, m.email, m.password);
    const userOf = async () => ((await a.get('/api/user.php').expect(200)).body as { user: SessionUser }).user;

    const plain = await userOf();
    expect([plain.num_new_likes, plain.num_unread_messages, plain.dismissed_alerts, plain.notifications_disabled]).to.deep.equal([0, 0, [], []]);

    const now = Date.now();
    const likers = [];
    for (let i = 0; i < 3; i++) likers.push((await createProfile(db(), env().rt.services.media, { photos: 0 })).id);
    const hidden = (await createProfile(db(), env().rt.services.media, { photos: 0, status: 'hidden' })).id;
    await db()('likes').insert([...likers, hidden].map((from, i) => ({ from_profile_id: from, to_profile_id: profileId, source: 'normal', is_new: i !== 2, created_at: now })));
    for (const [i, partner] of likers.slice(0, 2).entries()) {
      const [low, high] = [profileId, partner].sort((x, y) => x - y);
      const [conversation] = await db()('conversations').insert({ profile_low_id: low, profile_high_id: high, started_by_profile_id: partner, last_message_at: now, created_at: now });
      await db()('conversation_participants').insert({ conversation_id: conversation, profile_id: profileId, unread_count: 4 + i, last_message_at: now, deleted_at: i === 1 ? now : null });
    }
    await db()('dismissals').insert([{ user_id: m.id, alert: 'push', dismissed_at: now }, { user_id: m.id, alert: 'time_bonus', dismissed_at: now }]);
    await env().rt.services.notificationSettings.set(m.id, 'new_messages', 'email', false);

    const furnished = await userOf();
    // New likes from visible profiles only; unread messages of conversations not deleted on the member's side.
    expect(furnished.num_new_likes).to.equal(2);
    expect(furnished.num_unread_messages).to.equal(4);
    expect([...furnished.dismissed_alerts].sort()).to.deep.equal(['push', 'time_bonus']);
    expect(furnished.notifications_disabled).to.deep.equal(['new_messages']);
  });

  it('counts a new like while its liker is active, whatever the liker was before', async () => {
    const m = await createMember(db(), { name: 'Liked' });
    const profileId = Number((await db()('profiles').where({ user_id: m.id }).first('id')).id);
    const a = await loggedInAgent(env().app, m.email, m.password);
    const newLikes = async () => ((await a.get('/api/user.php').expect(200)).body as { user: SessionUser }).user.num_new_likes;
    const liker = (await createProfile(db(), env().rt.services.media, { photos: 0, status: 'hidden' })).id;
    const other = (await createProfile(db(), env().rt.services.media, { photos: 0 })).id;
    await db()('likes').insert([liker, other].map((from) => ({ from_profile_id: from, to_profile_id: profileId, source: 'normal', is_new: true, created_at: Date.now() })));
    const setStatus = (id: number, status: string) => db()('profiles').where({ id }).update({ status });

    expect(await newLikes()).to.equal(1);
    await setStatus(liker, 'active');
    expect(await newLikes()).to.equal(2);
    await setStatus(other, 'disabled');
    expect(await newLikes()).to.equal(1);
    await db()('likes').where({ from_profile_id: liker, to_profile_id: profileId }).update({ is_new: false });
    expect(await newLikes()).to.equal(0);
  });
});
