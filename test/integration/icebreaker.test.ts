// SPEC.md §2's icebreaker modal: a conversation with no messages yet carries what its opening lines
// may mention of the partner (city, an interest, a shared one first, in the member's language), as
// far as the site shows those on profiles; a conversation with messages carries nothing.
import { expect } from 'chai';
import type { ChatPaneProps } from '../../types/chat.js';
import { describeEachBackend } from '../helpers/backends.js';
import { csrfFrom, loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';
import { createProfile } from '../helpers/profiles.js';

function paneProps(html: string): ChatPaneProps {
  const mark = /data-island="chat-pane" data-props="(island-\d+)"/.exec(html);
  if (!mark) throw new Error('no chat pane on the page');
  const script = new RegExp(`<script type="application/json" id="${mark[1]}">(.*?)</script>`, 's').exec(html);
  return JSON.parse(script![1]!) as ChatPaneProps;
}

describeEachBackend('icebreaker hints', (env) => {
  const db = () => env().rt.db;
  const interestId = async (slug: string) => Number((await db()('interests').where({ slug }).first('id')).id);
  const giveInterests = async (profileId: number, slugs: string[]) => {
    for (const slug of slugs) await db()('profile_interests').insert({ profile_id: profileId, interest_id: await interestId(slug) });
  };

  async function setUp(o: { partnerInterests: string[]; ownInterests: string[]; city?: string | null; lng?: string }) {
    const partner = await createProfile(db(), env().rt.services.media, { name: 'Lotte' });
    await db()('profiles').where({ id: partner.id }).update({ city: o.city === undefined ? 'Leeds' : o.city });
    await giveInterests(partner.id, o.partnerInterests);
    const m = await createMember(db(), { language: o.lng ?? 'en' });
    const own = Number((await db()('profiles').where({ user_id: m.id }).first('id')).id);
    await giveInterests(own, o.ownInterests);
    const a = await loggedInAgent(env().app, m.email, m.password);
    return { a, partnerId: partner.id, userId: m.id };
  }

  it('names the partner\'s city and the interest both share, on the empty conversation', async () => {
    const slugs = ((await db()('interests').orderBy('position').limit(3).pluck('slug')) as string[]);
    expect(slugs).to.have.length(3);
    const { a, partnerId } = await setUp({ partnerInterests: [slugs[0]!, slugs[2]!], ownInterests: [slugs[1]!, slugs[2]!] });
    const pane = paneProps((await a.get(`/members/${partnerId}/chat`).expect(200)).text);
    const label = (await import('../../server/render/i18n.js')).loadResources().en!.interests as Record<string, string>;
    expect(pane.icebreaker).to.deep.equal({ city: 'Leeds', interest: label[slugs[2]!], sharedInterest: true });
    expect(pane.messages).to.deep.equal([]);
  });

  it('falls back to the partner\'s first interest, in the member\'s language, and to no city', async () => {
    const slugs = ((await db()('interests').orderBy('position').limit(2).pluck('slug')) as string[]);
    const { a, partnerId } = await setUp({ partnerInterests: slugs, ownInterests: [], city: null });
    const de = (await import('../../server/render/i18n.js')).loadResources().de!.interests as Record<string, string>;
    const pane = paneProps((await a.get(`/members/${partnerId}/chat`).set('Cookie', 'amora_lang=de').expect(200)).text);
    expect(pane.icebreaker).to.deep.equal({ city: null, interest: de[slugs[0]!], sharedInterest: false });
  });

  it('leaves out what the site does not show on profiles', async () => {
    const sites = env().rt.services.sites;
    const fields = (await sites.findByDomain('localhost'))!.stored.visible_profile_fields;
    const slugs = ((await db()('interests').orderBy('position').limit(1).pluck('slug')) as string[]);
    const { a, partnerId } = await setUp({ partnerInterests: slugs, ownInterests: slugs });
    try {
      await sites.updateSettings('localhost', { visible_profile_fields: ['age', 'region'] });
      const pane = paneProps((await a.get(`/members/${partnerId}/chat`).expect(200)).text);
      expect(pane.icebreaker).to.deep.equal({ city: null, interest: null, sharedInterest: false });
    } finally {
      if (fields) await sites.updateSettings('localhost', { visible_profile_fields: fields });
      else await sites.updateSettings('localhost', {}, ['visible_profile_fields']);
    }
  });

  it('carries nothing once the conversation has a message; opening it sends nothing', async () => {
    const { a, partnerId, userId } = await setUp({ partnerInterests: [], ownInterests: [] });
    await db()('users').where({ id: userId }).update({ credits: 50 });
    const first = paneProps((await a.get(`/members/${partnerId}/chat`).expect(200)).text);
    expect(first.icebreaker).to.deep.equal({ city: 'Leeds', interest: null, sharedInterest: false });
    // Opening the page starts no conversation: only the member's own send does.
    expect(await db()('conversations').where('profile_low_id', partnerId).orWhere('profile_high_id', partnerId)).to.have.length(0);
    const token = csrfFrom((await a.get('/settings').expect(200)).text);
    const sent = await a.post('/api/messages.php').set('x-csrf-token', token).send({ profile: partnerId, body: 'Hi Lotte!', client_id: `ice${Date.now()}abc` }).expect(201);
    const conversation = sent.body.message.conversation_id as number;
    const later = paneProps((await a.get(`/chats/${conversation}`).expect(200)).text);
    expect(later.messages).to.have.length(1);
    expect(later.icebreaker).to.equal(null);
  });
});
