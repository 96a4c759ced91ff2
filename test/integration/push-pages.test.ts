// The browser's side of push as the server serves it: the service worker at /sw-push.js?v=2 and the
// push prompt of SPEC.md §2 (members only, after signup, not on the pages SPEC lists, gone for good
// once dismissed, and no island at all where it is hidden).
import { expect } from 'chai';
import { pushPromptAllowed } from '../../views/components/push-prompt-slot.js';
import { PUSH_PROMPT_HIDDEN_ON, type PushPromptProps } from '../../types/push.js';
import type { SessionUser } from '../../types/user.js';
import type { SiteSettings } from '../../types/settings.js';
import { describeEachBackend } from '../helpers/backends.js';
import { agent, csrfFrom, loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';

/** The push prompt's props on a page, or undefined when the island is not there. */
function promptProps(html: string): PushPromptProps | undefined {
  const mark = /<div data-island="push-prompt" data-props="([^"]+)"/.exec(html);
  if (!mark) return undefined;
  const json = new RegExp(`<script type="application/json" id="${mark[1]}">([^<]*)</script>`).exec(html);
  return JSON.parse(json![1]!) as PushPromptProps;
}

describe('push prompt rule (server half)', () => {
  const user = { signup_step: null, dismissed_alerts: [] as string[] } as unknown as SessionUser;
  const settings = { push_public_key: 'BKey' } as SiteSettings;

  it('shows on members\' pages and hides on the pages SPEC.md §2 lists, for visitors, mid-signup, once dismissed, without a key', () => {
    for (const routeName of ['members', 'members-id', 'likes', 'chats', 'credits', 'profile', 'settings']) {
      expect(pushPromptAllowed({ user, routeName, settings }), routeName).to.equal(true);
    }
    for (const routeName of ['signup', 'notifications', 'activate-done', 'directdebit', 'premium']) {
      expect(PUSH_PROMPT_HIDDEN_ON).to.include(routeName);
      expect(pushPromptAllowed({ user, routeName, settings }), routeName).to.equal(false);
    }
    for (const routeName of ['pages-terms', 'pages-privacy', 'complaints', 'swipe-game']) expect(pushPromptAllowed({ user, routeName, settings }), routeName).to.equal(false);
    expect(pushPromptAllowed({ user: null, routeName: 'members', settings })).to.equal(false);
    expect(pushPromptAllowed({ user: { ...user, signup_step: 'push' }, routeName: 'members', settings })).to.equal(false);
    expect(pushPromptAllowed({ user: { ...user, dismissed_alerts: ['push'] }, routeName: 'members', settings })).to.equal(false);
    expect(pushPromptAllowed({ user, routeName: 'members', settings: { ...settings, push_public_key: '' } })).to.equal(false);
  });
});

describeEachBackend('push pages', (env) => {
  it('serves the service worker as JavaScript for the whole site, revalidated rather than cached for good', async () => {
    const res = await agent(env().app).get('/sw-push.js?v=2').expect(200);
    expect(res.headers['content-type']).to.match(/^text\/javascript; charset=utf-8/);
    expect(res.headers['cache-control']).to.equal('no-cache');
    expect(res.headers['service-worker-allowed']).to.equal('/');
    expect(res.headers.etag).to.be.a('string');
    const text = res.text || String(res.body);
    expect(text).to.include("addEventListener('push'").and.include("addEventListener('notificationclick'").and.include('setAppBadge');
    await agent(env().app).get('/sw-push.js').set('If-None-Match', res.headers.etag as string).expect(304);
  });

  it('puts the prompt with the site\'s VAPID key on a member\'s pages, not on premium, and never again once dismissed', async () => {
    const m = await createMember(env().rt.db, { name: 'Prompta' });
    // One ask at a time (member-asks.ts): without a photo the profile-enrich warning would come first.
    await env().rt.db('dismissals').insert({ user_id: m.id, alert: 'profile_enrich', dismissed_at: Date.now() });
    const a = await loggedInAgent(env().app, m.email, m.password);
    const members = await a.get('/members').expect(200);
    expect(promptProps(members.text)).to.deep.equal({ publicKey: env().rt.pushPublicKey, returnTo: '/members' });
    // Rendered hidden: the browser decides whether it can subscribe.
    expect(members.text).to.match(/data-testid="push-prompt"[^>]*hidden=""/);
    expect(promptProps((await a.get('/premium').expect(200)).text)).to.equal(undefined);
    expect(promptProps((await a.get('/activate/done').expect(200)).text)).to.equal(undefined);

    // The dismissal form works without JavaScript, and the island is gone from every page after it.
    await a.post('/dismiss/push').type('form').send({ _csrf: csrfFrom(members.text), return: '/likes' }).expect(303).expect('Location', '/likes');
    expect(promptProps((await a.get('/members').expect(200)).text)).to.equal(undefined);
    expect((await env().rt.db('dismissals').where({ user_id: m.id, alert: 'push' }).first())?.alert).to.equal('push');
  });

  it('does not put the prompt on visitors\' pages or on a member\'s unfinished signup', async () => {
    for (const path of ['/', '/pages/terms', '/login']) {
      expect(promptProps((await agent(env().app).get(path).expect(200)).text), path).to.equal(undefined);
    }
    const m = await createMember(env().rt.db, { name: 'Newbie' });
    await env().rt.db('users').where({ id: m.id }).update({ signup_step: 'push' });
    const a = await loggedInAgent(env().app, m.email, m.password);
    const page = await a.get('/members');
    expect(promptProps(page.text)).to.equal(undefined);
  });
});
