// The icebreaker's opening lines (SPEC.md §2): fitted ones first (a shared interest, the city), then
// general ones, at most four, every one translated with the partner's name filled in.
import { expect } from 'chai';
import { openingLines } from '../../islands/chat/icebreaker.js';
import { createTranslate, type IslandStrings } from '../../islands/lib/translate.js';
import { loadResources } from '../../server/render/i18n.js';
import { LOCALES } from '../../types/settings.js';

const resources = loadResources();
const chatT = (lng: string) => createTranslate(lng, 'chat', ((resources[lng] as Record<string, Record<string, IslandStrings>>).islands!.chat)!);

describe('icebreaker opening lines', () => {
  it('puts a shared interest and the city first, then general lines, four at most', () => {
    const lines = openingLines(chatT('en'), 'Mia', { city: 'Leeds', interest: 'Cooking', sharedInterest: true });
    expect(lines).to.deep.equal([
      'Hi Mia, we both like “Cooking”! How did you get into it?',
      'Hi Mia! What do you like most about living in Leeds?',
      'Hi Mia! How is your day going?',
      'Hi Mia, your profile caught my eye. What are you looking for here?',
    ]);
  });

  it('names an interest that is not shared as theirs, and offers three general lines when nothing is known', () => {
    expect(openingLines(chatT('en'), 'Mia', { city: null, interest: 'Travel', sharedInterest: false })[0]).to.equal(
      'Hi Mia, I saw “Travel” among your interests. What do you enjoy most about it?',
    );
    expect(openingLines(chatT('en'), 'Mia', { city: null, interest: null, sharedInterest: false })).to.have.length(3);
  });

  for (const lng of LOCALES) {
    it(`${lng}: every line is translated, names the partner and leaves no {{variable}}`, () => {
      const lines = openingLines(chatT(lng), 'Mia', { city: 'Köln', interest: 'X-Interest', sharedInterest: false });
      expect(lines).to.have.length(4);
      for (const line of lines) {
        expect(line).to.include('Mia').and.not.include('{{').and.not.include('icebreaker.');
      }
      expect(lines[0]).to.include('X-Interest');
      expect(lines[1]).to.include('Köln');
    });
  }
});
