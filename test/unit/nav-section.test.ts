// The member navigation marks the tab a page belongs to, and none for pages outside the tabs.
import { expect } from 'chai';
import { navSection } from '../../types/badges.js';

describe('navSection', () => {
  it('puts the members area under Search, chats under Messages', () => {
    for (const path of ['/members', '/members?page=2', '/members/12', '/swipe-game', '/match-finder']) expect(navSection(path), path).to.equal('search');
    for (const path of ['/chats', '/chats/7', '/members/12/chat']) expect(navSection(path), path).to.equal('messages');
    expect(navSection('/likes/m/3')).to.equal('likes');
    expect(navSection('/credits/2/ideal')).to.equal('credits');
  });

  it('marks no tab on pages outside the tabs, a block confirmation among them', () => {
    for (const path of ['/settings', '/profile', '/complaints', '/members/12/block', '/members/12/block?next=%2Fchats%2F4', '/members/12/block/']) {
      expect(navSection(path), path).to.equal(null);
    }
  });
});
