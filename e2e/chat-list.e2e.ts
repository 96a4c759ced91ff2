// The chat list in pages (issue 17): the server renders the newest conversations, the list loads
// the next ones as it is scrolled to its end; without JavaScript a link pages on and one leads back.
import { expect } from 'chai';
import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import * as chatRepo from '../server/repos/chat-repo.js';
import { applyCreditDelta } from '../server/repos/credits-repo.js';
import { CHAT_LIST_PAGE } from '../server/services/chat/chat-service.js';
import { createE2eMember, logIn, serverDb, type E2eMember } from './members.js';
import { VIEWPORTS, openPage, useHarness } from './harness.js';

const CONVERSATIONS = 2 * CHAT_LIST_PAGE + 5;

describe('chat list paging in the browser', function () {
  this.timeout(180_000);
  const harness = useHarness();
  let db: Knex;

  before(() => {
    db = serverDb(harness());
  });
  after(() => db.destroy());

  /** A member with CONVERSATIONS conversations, one message each from a fictional partner, a second apart. */
  async function memberWithConversations(name: string): Promise<{ member: E2eMember; newestFirst: string[] }> {
    const member = await createE2eMember(db, name, { gender: 'female', birthDate: '1990-05-05' });
    const start = Date.now() - 3_600_000;
    const names: string[] = [];
    for (let i = 0; i < CONVERSATIONS; i++) {
      const partnerName = `${name}P${i}`;
      const [partner] = await db('profiles').insert({
        user_id: null, is_fictional: true, name: partnerName, gender: 'male', sexuality: 'hetero', birth_date: '1988-01-01', country: 'GB', status: 'active',
        last_active_at: start, created_at: start, updated_at: start,
      });
      const at = start + i * 1000;
      const { conversation } = await chatRepo.openConversation(db as never, Number(partner), member.profileId, at);
      const id = Number(conversation.id);
      await chatRepo.insertMessage(db as never, { conversationId: id, senderProfileId: Number(partner), kind: 'text', body: `hello ${i}`, giftId: null, photoId: null, credits: 0, clientId: `cl${name}${i}` }, at);
      await chatRepo.recordDelivery(db as never, id, Number(partner), member.profileId, at);
      names.push(partnerName);
    }
    return { member, newestFirst: names.reverse() };
  }

  const shownNames = (page: Page) => page.locator('.chat-item__name').allTextContents();

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`loads the next conversations as the list is scrolled to its end (${viewport})`, async () => {
      const { member, newestFirst } = await memberWithConversations(`Lister${viewport}`);
      const { context, page, errors } = await openPage(harness().browser, viewport);
      await logIn(page, harness().baseUrl, member);
      await page.goto(`${harness().baseUrl}/chats`);
      await page.locator('[data-island="chat-pane"][data-hydrated="true"]').waitFor({ state: 'attached' });
      for (let i = 0; i < 20 && (await page.locator('.chat-item').count()) < CONVERSATIONS; i++) {
        await page.locator('.chat-item').last().scrollIntoViewIfNeeded();
        await page.waitForTimeout(250);
      }
      expect(await shownNames(page)).to.deep.equal(newestFirst);
      expect(await page.getByTestId('chat-list-more').count()).to.equal(0);
      expect(errors).to.deep.equal([]);
      await context.close();
    });
  }

  it('moves a conversation from further down to the top when a message arrives in it, keeping what was loaded', async () => {
    const { member, newestFirst } = await memberWithConversations('LiveLister');
    // A member with an account, written to long ago: the conversation sits below the first page.
    const writer = await createE2eMember(db, 'LiveWriter', { gender: 'male', birthDate: '1985-03-03' });
    const long = Date.now() - 7_200_000;
    const { conversation } = await chatRepo.openConversation(db as never, member.profileId, writer.profileId, long);
    await chatRepo.insertMessage(db as never, { conversationId: Number(conversation.id), senderProfileId: member.profileId, kind: 'text', body: 'long ago', giftId: null, photoId: null, credits: 0, clientId: `clLive${Date.now()}` }, long);
    await chatRepo.recordDelivery(db as never, Number(conversation.id), member.profileId, writer.profileId, long);
    await db('users').where({ id: writer.userId }).update({ paid_user: true });
    await db.transaction((tx) => applyCreditDelta(tx as never, { userId: writer.userId, delta: 100, reason: 'grant' }));

    const { context, page, errors } = await openPage(harness().browser, 'phone');
    await logIn(page, harness().baseUrl, member);
    await page.goto(`${harness().baseUrl}/chats`);
    await page.locator('[data-island="chat-pane"][data-hydrated="true"]').waitFor({ state: 'attached' });
    expect(await shownNames(page)).to.deep.equal(newestFirst.slice(0, CHAT_LIST_PAGE));
    const requests: string[] = [];
    page.on('request', (r) => r.url().includes('/api/chats.php') && requests.push(new URL(r.url()).search));

    const other = await openPage(harness().browser, 'desktop');
    await logIn(other.page, harness().baseUrl, writer);
    const token = (await other.page.locator('meta[name="csrf-token"]').getAttribute('content'))!;
    const sent = await other.page.request.post(`${harness().baseUrl}/api/messages.php`, {
      headers: { 'x-csrf-token': token }, data: { conversation: Number(conversation.id), body: 'back again', client_id: `live${Date.now()}` },
    });
    expect(sent.status()).to.equal(201);
    await page.locator('.chat-item').first().filter({ hasText: 'LiveWriter' }).waitFor();
    // The newest page was asked for, not the whole list; what was shown stays below it.
    expect(requests.every((q) => q.startsWith('?before='))).to.equal(true);
    expect(await shownNames(page)).to.deep.equal(['LiveWriter', ...newestFirst.slice(0, CHAT_LIST_PAGE)]);
    expect(errors).to.deep.equal([]);
    await other.context.close();
    await context.close();
  });

  it('pages the list with a link without JavaScript, and leads back to the newest', async () => {
    const { member, newestFirst } = await memberWithConversations('PlainLister');
    const context = await harness().browser.newContext({ viewport: VIEWPORTS.desktop, javaScriptEnabled: false });
    const page = await context.newPage();
    await logIn(page, harness().baseUrl, member);
    await page.goto(`${harness().baseUrl}/chats`);
    expect(await shownNames(page)).to.deep.equal(newestFirst.slice(0, CHAT_LIST_PAGE));
    // The second page's address matches the pattern too: wait for a different one, not just a match.
    const nextPage = async () => {
      const from = page.url();
      await Promise.all([page.waitForURL((url) => url.href !== from && /\/chats\?before=\d+-\d+$/.test(url.href)), page.getByTestId('chat-list-more').click()]);
    };
    await nextPage();
    expect(await shownNames(page)).to.deep.equal(newestFirst.slice(CHAT_LIST_PAGE, 2 * CHAT_LIST_PAGE));
    await nextPage();
    expect(await shownNames(page)).to.deep.equal(newestFirst.slice(2 * CHAT_LIST_PAGE));
    expect(await page.getByTestId('chat-list-more').count()).to.equal(0);
    await Promise.all([page.waitForURL(/\/chats$/), page.locator('.chat-list__newest').click()]);
    expect(await shownNames(page)).to.deep.equal(newestFirst.slice(0, CHAT_LIST_PAGE));
    await context.close();
  });
});
