// Discover (issue 4): search that never shows the viewer, blocked, hidden or deleted profiles; the
// profile page and its gallery per viewer; likes and matches; automatic likes; blocking; the swipe
// game's daily limit under parallel requests; the match finder.
import { expect } from 'chai';
import { describeEachBackend } from '../helpers/backends.js';
import { agent, csrfFrom, loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';
import { createProfile } from '../helpers/profiles.js';

describeEachBackend('discover', (env) => {
  const db = () => env().rt.db;
  const media = () => env().rt.services.media;

  async function member(o: { premium?: boolean; name?: string } = {}) {
    const m = await createMember(db(), { name: o.name ?? 'Viewer' });
    if (o.premium) await db()('users').where({ id: m.id }).update({ paid_user: true, premium_since: Date.now() });
    const a = await loggedInAgent(env().app, m.email, m.password);
    const token = csrfFrom((await a.get('/settings').expect(200)).text);
    const profileId = Number((await db()('profiles').where({ user_id: m.id }).first('id')).id);
    const api = (method: 'post' | 'delete', url: string, body: object) => a[method](url).set('x-csrf-token', token).send(body);
    return { ...m, a, token, profileId, api };
  }

  const shownIds = (html: string) => [...html.matchAll(/data-profile-id="(\d+)"/g)].map((m) => Number(m[1]));

  describe('search', () => {
    it('filters, pages and never shows the viewer, blocked, hidden or deleted profiles', async () => {
      const me = await member();
      const visible = await createProfile(db(), media(), { name: 'Visible', country: 'IE' });
      const hidden = await createProfile(db(), media(), { name: 'Hidden', country: 'IE', status: 'hidden' });
      const blockedByMe = await createProfile(db(), media(), { country: 'IE' });
      const blocksMe = await createProfile(db(), media(), { country: 'IE' });
      await db()('blocks').insert([
        { blocker_profile_id: me.profileId, blocked_profile_id: blockedByMe.id, created_at: Date.now() },
        { blocker_profile_id: blocksMe.id, blocked_profile_id: me.profileId, created_at: Date.now() },
      ]);
      await db()('profiles').where({ id: me.profileId }).update({ country: 'IE', last_active_at: Date.now() + 9_000_000 });
      const html = (await me.a.get('/members?country=IE').expect(200)).text;
      const ids = shownIds(html);
      expect(ids).to.include(visible.id);
      for (const id of [me.profileId, hidden.id, blockedByMe.id, blocksMe.id]) expect(ids).not.to.include(id);
      // A visitor sees the ones blocked between others, but never hidden ones.
      const visitorIds = shownIds((await agent(env().app).get('/members?country=IE').expect(200)).text);
      expect(visitorIds).to.include(blocksMe.id);
      expect(visitorIds).not.to.include(hidden.id);
    });

    it('applies gender, region and the age range, counts results and fills up with similar profiles', async () => {
      const me = await member();
      const young = await createProfile(db(), media(), { gender: 'female', country: 'NZ', region: 'Otago', birthDate: `${new Date().getUTCFullYear() - 22}-01-01` });
      const old = await createProfile(db(), media(), { gender: 'female', country: 'NZ', region: 'Otago', birthDate: `${new Date().getUTCFullYear() - 60}-01-01` });
      const man = await createProfile(db(), media(), { gender: 'male', country: 'NZ', region: 'Otago' });
      const res = await me.a.get('/members?country=NZ&countryregion=Otago&gender=female&min_age=20&max_age=30').expect(200);
      const ids = shownIds(res.text.split('data-testid="num-results"')[1]!.split('<h2>')[0]!);
      expect(ids).to.include(young.id);
      expect(ids).not.to.include(old.id);
      expect(ids).not.to.include(man.id);
      expect(res.text).to.match(/data-testid="num-results">Profiles found: 1</);
      // Fewer than half a page: similar profiles (same gender, any age or region) follow.
      expect(res.text).to.include('Similar profiles');
      const bad = await me.a.get('/members?min_age=abc').expect(400);
      expect(bad.text).not.to.match(/SQL|stack|at \//);
    });

    it('shows the chosen region selected in the region list, per choice and language, and any other text as no choice', async () => {
      const me = await member();
      const field = (html: string) => /<select name="countryregion">([\s\S]*?)<\/select>/.exec(html)![1]!;
      const selected = (html: string) => [...field(html).matchAll(/<option value="([^"]*)" selected=""/g)].map((m) => m[1]);
      const otago = (await me.a.get('/members?country=NZ&countryregion=Otago').expect(200)).text;
      expect(selected(otago)).to.deep.equal(['Otago']);
      // The list kept for Otago is not what another choice, or no choice, gets.
      expect(selected((await me.a.get('/members?country=NZ&countryregion=Canterbury').expect(200)).text)).to.deep.equal(['Canterbury']);
      expect(selected((await me.a.get('/members?country=NZ&countryregion=Otago').expect(200)).text)).to.deep.equal(['Otago']);
      const anywhere = (await me.a.get('/members?country=NZ&countryregion=').expect(200)).text;
      expect(selected(anywhere)).to.deep.equal(['']);
      expect(field(anywhere)).to.include('<option value="Canterbury">Canterbury</option>');
      // Only New Zealand's regions once it is chosen; a text that is no region selects nothing.
      expect(field(anywhere)).not.to.include('value="Bayern"');
      const odd = (await me.a.get('/members?country=NZ&countryregion=%3Cb%3ENowhere').expect(200)).text;
      expect(selected(odd)).to.deep.equal([]);
      expect(odd).not.to.include('<b>Nowhere');
      // The label and the first option in the member's language.
      await me.a.post('/lang-config').type('form').send({ _csrf: me.token, lng: 'de' }).expect(303);
      const german = (await me.a.get('/members?country=NZ&countryregion=Otago').expect(200)).text;
      expect(selected(german)).to.deep.equal(['Otago']);
      expect(field(german)).not.to.equal(field(otago));
    });
  });

  describe('profile page and gallery', () => {
    it('gives premium members every photo, free members blurred ones with a lock, visitors a login prompt', async () => {
      const p = await createProfile(db(), media(), { name: 'Gallia', photos: 3, fictional: true });
      const [main, second] = p.photoKeys;
      const premium = await member({ premium: true });
      const free = await member();

      const premiumHtml = (await premium.a.get(`/members/${p.id}`).expect(200)).text;
      expect(premiumHtml).to.include(`${second}.jpg`).and.not.include(`${second}_blur.jpg`);
      expect(premiumHtml).to.include('data-island="photo-gallery"');
      await premium.a.get(`/media/${second}.jpg`).expect(200);

      const freeHtml = (await free.a.get(`/members/${p.id}`).expect(200)).text;
      expect(freeHtml).to.include(`${main}.jpg`).and.include(`${second}_blur.jpg`);
      expect(freeHtml).not.to.include(`${second}.jpg`).and.not.include(`${second}_thumb.jpg`);
      expect(freeHtml).to.include('More photos of Gallia are only visible to premium members.');
      // Guessing the full picture's URL does not help.
      await free.a.get(`/media/${second}.jpg`).expect(404);
      await free.a.get(`/media/${second}_thumb.jpg`).expect(404);
      await free.a.get(`/media/${second}_blur.jpg`).expect(200);

      const visitor = agent(env().app);
      const visitorHtml = (await visitor.get(`/members/${p.id}`).expect(200)).text;
      expect(visitorHtml).to.include('Login to view more photos of Gallia');
      expect(visitorHtml).to.include('Login to like Gallia&#x27;s profile');
      await visitor.get(`/media/${second}.jpg`).expect(404);
      // The fictional label from the settings, visibly on the picture.
      const settings = (await visitor.get('/api/settings.php').expect(200)).body.settings;
      expect(visitorHtml).to.include(`tag--fictional">${settings.fictional_singular}<`);
    });

    it("shows 'You're blocked by {name}' to a member the profile has blocked", async () => {
      const me = await member();
      const other = await member({ name: 'Blocky' });
      await other.api('post', '/api/block.php', { profile: me.profileId }).expect(200);
      const res = await me.a.get(`/members/${other.profileId}`).expect(403);
      expect(res.text).to.include('You&#x27;re blocked by Blocky. You do not have access to this page.');
    });
  });

  describe('likes', () => {
    it('likes and unlikes idempotently; a mutual like is a match with the match modal after t seconds', async () => {
      const a = await member({ name: 'Ann' });
      const b = await member({ name: 'Bob' });
      for (let i = 0; i < 2; i++) {
        const res = await a.api('post', '/api/like.php', { profile: b.profileId }).expect(200);
        expect(res.body).to.deep.include({ liked: true, match: false });
      }
      expect(await db()('likes').where({ from_profile_id: a.profileId, to_profile_id: b.profileId })).to.have.length(1);
      await a.api('delete', '/api/like.php', { profile: b.profileId }).expect(200);
      await a.api('delete', '/api/like.php', { profile: b.profileId }).expect(200);
      expect(await db()('likes').where({ from_profile_id: a.profileId })).to.have.length(0);

      await a.api('post', '/api/like.php', { profile: b.profileId }).expect(200);
      // Bob likes back through the plain form: the redirect opens the match modal.
      const posted = await b.a.post(`/members/${a.profileId}/like`).type('form').send({ _csrf: b.token }).expect(303);
      expect(posted.headers.location).to.equal(`/members/${a.profileId}?match=1`);
      const page = await b.a.get(`/members/${a.profileId}?match=1&t=3`).expect(200);
      expect(page.text).to.include('data-island="match-modal"').and.include('"delaySeconds":3');
      const state = (await b.a.get('/api/likes.php').expect(200)).body;
      expect(state.matches).to.deep.equal([a.profileId]);
      expect(state.liked_by).to.deep.include({ id: a.profileId, like_new: false });
      expect(state.profiles.map((p: { id: number }) => p.id)).to.include(a.profileId);
      const matches = await b.a.get('/likes/matches').expect(200);
      expect(shownIds(matches.text)).to.include(a.profileId);
      expect((await b.a.get(`/likes/m/${a.profileId}`).expect(200)).text).to.include('data-testid="relation-match"');
    });

    it('counts new likes in the badge and clears the flag when the liker is opened', async () => {
      const me = await member();
      const fans = await Promise.all([member({ name: 'Fan1' }), member({ name: 'Fan2' })]);
      for (const f of fans) await f.api('post', '/api/like.php', { profile: me.profileId }).expect(200);
      const before = (await me.a.get('/api/likes.php').expect(200)).body;
      expect(before.num_new_likes).to.equal(2);
      expect(before.liked_by.every((e: { like_new: boolean }) => e.like_new)).to.equal(true);
      expect((await me.a.get('/likes').expect(200)).text).to.match(/data-testid="likes-badge"[^>]*>2</);
      // Both cards tagged new; the kept card of Fan1 tagged new must not outlive the flag (render/kept-cards.ts).
      expect((await me.a.get('/likes/received').expect(200)).text.match(/tag--new/g)).to.have.length(2);
      await me.a.get(`/members/${fans[0]!.profileId}`).expect(200);
      const after = (await me.a.get('/api/likes.php').expect(200)).body;
      expect(after.num_new_likes).to.equal(1);
      expect(after.liked_by).to.deep.include({ id: fans[0]!.profileId, like_new: false });
      expect((await me.a.get('/likes/received').expect(200)).text.match(/tag--new/g)).to.have.length(1);
    });

    it('/likes shows each list newest first (at most six, with its total) and the API the same order', async () => {
      const me = await member();
      const [onlyFan, onlyLiked, mutual, hidden, ...moreFans] = await Promise.all(Array.from({ length: 10 }, () => createProfile(db(), media())));
      await db()('profiles').where({ id: hidden!.id }).update({ status: 'hidden' });
      const t = Date.now() - 100_000;
      const like = (from: number, to: number, at: number) => ({ from_profile_id: from, to_profile_id: to, source: 'normal', is_new: true, created_at: at });
      await db()('likes').insert([
        like(onlyFan!.id, me.profileId, t + 1_000),
        like(mutual!.id, me.profileId, t + 3_000),
        like(hidden!.id, me.profileId, t + 9_000),
        ...moreFans.map((f, i) => like(f.id, me.profileId, t + 100 + i)),
        like(me.profileId, mutual!.id, t + 2_000),
        like(me.profileId, onlyLiked!.id, t + 4_000),
        like(me.profileId, hidden!.id, t + 9_000),
      ]);
      const html = (await me.a.get('/likes').expect(200)).text.replaceAll('<!-- -->', '');
      const [received, matches, sent] = [html.split('data-testid="likes-matches"')[0]!, html.split('data-testid="likes-matches"')[1]!.split('data-testid="likes-sent"')[0]!, html.split('data-testid="likes-sent"')[1]!];
      const moreFansNewestFirst = moreFans.map((f) => f.id).reverse();
      expect([...new Set(shownIds(received))]).to.deep.equal([mutual!.id, onlyFan!.id, ...moreFansNewestFirst.slice(0, 4)]);
      expect(shownIds(matches)).to.deep.equal([mutual!.id]);
      expect(matches).to.include('<span class="muted">(1)</span>');
      expect(shownIds(sent)).to.deep.equal([onlyLiked!.id, mutual!.id]);
      expect(sent).to.include('<span class="muted">(2)</span>');
      expect(received).to.match(/"total":8\b/);
      const api = (await me.a.get('/api/likes.php').expect(200)).body;
      expect(api.liked_by.map((e: { id: number }) => e.id)).to.deep.equal([mutual!.id, onlyFan!.id, ...moreFansNewestFirst]);
      expect(api.liked).to.deep.equal([onlyLiked!.id, mutual!.id]);
      expect(api.matches).to.deep.equal([mutual!.id]);
    });

    it('refuses visitors, unknown profiles and bad input', async () => {
      const me = await member();
      const visitor = agent(env().app);
      const token = csrfFrom((await visitor.get('/login').expect(200)).text);
      const anon = await visitor.post('/api/like.php').set('x-csrf-token', token).send({ profile: me.profileId }).expect(403);
      expect(anon.body.error.code).to.equal('authentication_required');
      await me.api('post', '/api/like.php', { profile: 999999 }).expect(404);
      await me.api('post', '/api/like.php', { profile: me.profileId }).expect(404);
      const bad = await me.api('post', '/api/like.php', { profile: 'x' }).expect(400);
      expect(bad.body.error.code).to.equal('validation_failed');
      await me.a.get('/likes/bogus').expect(404);
      expect((await visitor.get('/likes').expect(303)).headers.location).to.equal('/login?next=%2Flikes');
    });
  });

  describe('automatic likes', () => {
    it('returns a fictional profile that has just liked the member, by the documented rule, and refuses cross-site requests', async () => {
      const me = await member();
      await db()('profiles').where({ id: me.profileId }).update({ country: 'AU' });
      const liker = await createProfile(db(), media(), { name: 'Autumn', country: 'AU', gender: 'male', fictional: true, lastActiveAt: Date.now() + 50_000_000 });
      const cross = await me.a.get('/api/auto-like.php').set('X-Request-Type', 'client').set('Sec-Fetch-Site', 'cross-site').expect(403);
      expect(cross.body.error.code).to.equal('cross_site_request');
      await me.a.get('/api/auto-like.php').set('Origin', 'https://evil.example').set('X-Request-Type', 'client').expect(403);
      await me.a.get('/api/auto-like.php').expect(403);

      const res = await me.a.get('/api/auto-like.php').set('X-Request-Type', 'client').set('Sec-Fetch-Site', 'same-origin').expect(200);
      expect(res.body.id).to.equal(liker.id);
      expect(res.body.main_image.match).to.match(/_thumb\.jpg$/);
      expect(await db()('likes').where({ from_profile_id: liker.id, to_profile_id: me.profileId }).first('source', 'is_new')).to.deep.include({ source: 'auto' });
      // Not again within the gap.
      await me.a.get('/api/auto-like.php').set('X-Request-Type', 'client').expect(204);
    });
  });

  describe('blocking', () => {
    it('deletes likes and the conversation both ways, hides both from each other, and can be undone', async () => {
      const me = await member({ name: 'Meg' });
      const other = await member({ name: 'Olly' });
      await me.api('post', '/api/like.php', { profile: other.profileId }).expect(200);
      await other.api('post', '/api/like.php', { profile: me.profileId }).expect(200);
      const [low, high] = [me.profileId, other.profileId].sort((x, y) => x - y);
      const [convId] = await db()('conversations').insert({ profile_low_id: low, profile_high_id: high, started_by_profile_id: me.profileId, created_at: Date.now() });
      await db()('conversation_participants').insert([{ conversation_id: convId, profile_id: me.profileId }, { conversation_id: convId, profile_id: other.profileId }]);
      await db()('messages').insert({ conversation_id: convId, sender_profile_id: me.profileId, body: 'hi', created_at: Date.now() });

      const res = await me.a.post(`/members/${other.profileId}/block`).type('form').send({ _csrf: me.token }).expect(303);
      expect(res.headers.location).to.equal(`/members?blocked=${other.profileId}`);
      expect((await me.a.get(res.headers.location!).expect(200)).text).to.include('You blocked Olly.');
      expect(await db()('likes').whereIn('from_profile_id', [me.profileId, other.profileId]).whereIn('to_profile_id', [me.profileId, other.profileId])).to.have.length(0);
      expect(await db()('conversations').where({ id: convId })).to.have.length(0);
      expect(await db()('messages').where({ conversation_id: convId })).to.have.length(0);

      await db()('profiles').whereIn('id', [me.profileId, other.profileId]).update({ country: 'CA', last_active_at: Date.now() + 80_000_000 });
      expect(shownIds((await me.a.get('/members?country=CA').expect(200)).text)).not.to.include(other.profileId);
      expect(shownIds((await other.a.get('/members?country=CA').expect(200)).text)).not.to.include(me.profileId);
      expect((await other.api('post', '/api/like.php', { profile: me.profileId }).expect(403)).body.error.code).to.equal('blocked');
      expect((await me.a.get(`/members/${other.profileId}`).expect(200)).text).to.include('data-testid="blocked-by-me"');
      await other.a.get(`/members/${me.profileId}`).expect(403);
      await me.a.get(`/likes/m/${other.profileId}`).expect(404);

      await me.a.post(`/members/${other.profileId}/unblock`).type('form').send({ _csrf: me.token }).expect(303);
      expect(shownIds((await other.a.get('/members?country=CA').expect(200)).text)).to.include(me.profileId);
      await other.a.get(`/members/${me.profileId}`).expect(200);
    });
  });

  describe('swipe game', () => {
    it('allows 4 likes a day even under 8 parallel requests; liking twice costs nothing', async () => {
      const me = await member();
      const targets = await Promise.all(Array.from({ length: 8 }, () => createProfile(db(), media(), { gender: 'male' })));
      const results = await Promise.all(targets.map((t) => me.api('post', '/api/swipe.php', { profile: t.id })));
      const ok = results.filter((r) => r.status === 200);
      const limited = results.filter((r) => r.status === 429);
      expect(ok).to.have.length(4);
      expect(limited).to.have.length(4);
      expect(limited[0]!.body.error.message).to.equal('You have used your 4 likes for today. Come back tomorrow!');
      expect(await db()('likes').where({ from_profile_id: me.profileId, source: 'swipe' })).to.have.length(4);
      const likedId = ok[0]!.body.profile.id as number;
      await me.api('post', '/api/swipe.php', { profile: likedId }).expect(200);
      const state = (await me.a.get('/api/swipe.php').expect(200)).body;
      expect(state.status).to.deep.equal({ used: 4, remaining: 0, max: 4 });
      expect(state.profiles.map((p: { id: number }) => p.id)).not.to.include(likedId);
      const page = await me.a.get('/swipe-game').expect(200);
      expect(page.text).to.include('data-island="swipe-game"').and.include('You have used your 4 likes for today.');
    });

    it('works as plain forms: like posts and passes skip', async () => {
      const me = await member();
      const t1 = await createProfile(db(), media(), { gender: 'male', lastActiveAt: Date.now() + 90_000_000 });
      const page = await me.a.get('/swipe-game').expect(200);
      expect(page.text).to.include(`data-profile-id="${t1.id}"`);
      const skipped = await me.a.get(`/swipe-game?skip=${t1.id}`).expect(200);
      expect(skipped.text).not.to.include(`data-profile-id="${t1.id}"`);
      const res = await me.a.post('/swipe-game/like').type('form').send({ _csrf: me.token, profile: t1.id }).expect(303);
      expect(res.headers.location).to.equal('/swipe-game');
      expect(await db()('likes').where({ from_profile_id: me.profileId, to_profile_id: t1.id }).first('source')).to.deep.equal({ source: 'swipe' });
    });
  });

  describe('profile-enrich warning', () => {
    it('asks a member without a main photo to complete the profile, not on /profile, until dismissed', async () => {
      const me = await member();
      expect((await me.a.get('/members').expect(200)).text).to.include('data-testid="profile-enrich"');
      expect((await me.a.get('/profile').expect(200)).text).not.to.include('data-testid="profile-enrich"');
      const res = await me.a.post('/dismiss/profile_enrich').type('form').send({ _csrf: me.token, return: '/likes' }).expect(303);
      expect(res.headers.location).to.equal('/likes');
      expect((await me.a.get('/members').expect(200)).text).not.to.include('data-testid="profile-enrich"');
      expect(await db()('dismissals').where({ user_id: me.id })).to.have.length(1);
      await me.api('post', '/dismiss/nonsense', {}).expect(404);
      const withPhoto = await member();
      const p = await createProfile(db(), media(), {});
      await db()('profiles').where({ id: withPhoto.profileId }).update({ main_photo_id: (await db()('photos').where({ file_key: p.photoKeys[0] }).first('id')).id });
      expect((await withPhoto.a.get('/members').expect(200)).text).not.to.include('data-testid="profile-enrich"');
    });
  });

  describe('match finder', () => {
    it('filters by age bucket, appearance and race', async () => {
      const me = await member();
      const year = new Date().getUTCFullYear();
      const hit = await createProfile(db(), media(), { gender: 'male', appearance: 'sexy', race: 'other', birthDate: `${year - 40}-01-01` });
      const wrongLook = await createProfile(db(), media(), { gender: 'male', appearance: 'normal', race: 'other', birthDate: `${year - 40}-01-01` });
      const tooYoung = await createProfile(db(), media(), { gender: 'male', appearance: 'sexy', race: 'other', birthDate: `${year - 25}-01-01` });
      expect((await me.a.get('/match-finder').expect(200)).text).not.to.include('data-testid="finder-results"');
      const res = await me.a.get('/match-finder?age=35%2B&appearance=sexy&race=other').expect(200);
      const ids = shownIds(res.text.split('data-testid="finder-results"')[1]!.split('<h2>')[0]!);
      expect(ids).to.include(hit.id);
      expect(ids).not.to.include(wrongLook.id);
      expect(ids).not.to.include(tooYoung.id);
      await me.a.get('/match-finder?age=nonsense').expect(200);
    });
  });
});
