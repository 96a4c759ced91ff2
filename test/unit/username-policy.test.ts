import { expect } from 'chai';
import { hasHiddenCharacters, normaliseUsername, skeleton, usernameKey, usernameProblem } from '../../server/services/accounts/username-policy.js';

/** The problem of a name as the signup sees it: normalised first. */
const problemOf = (raw: string) => usernameProblem(normaliseUsername(raw));

describe('username policy', () => {
  it('welcomes accents, other scripts and emoji, and stores them exactly as typed', () => {
    for (const name of ['Zoë', 'Łukasz', 'Мария', '李雷', 'Anna 🌸', 'José María', 'Ngọc Ánh', 'محمد', 'עדי', '👩🏽‍💻 Kim', '🏳️‍🌈 Sam', '❤️ Lea', 'Sven🏴󠁧󠁢󠁳󠁣󠁴󠁿']) {
      expect(problemOf(name), name).to.equal(undefined);
      expect(normaliseUsername(name), name).to.equal(name);
    }
  });

  it('normalises with NFKC: full-width letters and decomposed accents become their usual form', () => {
    expect(normaliseUsername('Ａｎｎａ')).to.equal('Anna');
    expect(normaliseUsername('Zoe\u0308')).to.equal('Zoë');
    expect(normaliseUsername('\u3000Anna\u3000')).to.equal('Anna');
    expect(normaliseUsername('＠anna')).to.equal('@anna');
    expect(problemOf('＠anna')).to.equal('usernameStartsWithAt');
  });

  it('refuses zero-width, bidirectional, format and control characters', () => {
    const hidden = [
      '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u180E', // zero-width and soft hyphen
      '\u200E', '\u200F', '\u061C', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', // bidi
      '\u0000', '\u0007', '\u001B', '\u007F', '\u0085', '\n', '\t', '\u2028', '\u2029', // controls and separators
      '\u3164', '\u115F', '\u1160', '\uFFA0', '\u2800', '\u034F', '\u1680', '\uE000', '\u{E0041}', '\u{F0000}', // blanks, private use, tags
    ];
    for (const c of hidden) {
      const code = `U+${c.codePointAt(0)!.toString(16).toUpperCase()}`;
      expect(problemOf(`An${c}na`), code).to.equal('usernameHiddenCharacters');
      // At either end it is refused or trimmed away with the spaces.
      for (const edge of [`${c}Anna`, `Anna${c}`]) {
        if (problemOf(edge) !== 'usernameHiddenCharacters') expect(normaliseUsername(edge), code).to.equal('Anna');
      }
    }
    // A joiner or variation selector is fine inside an emoji, not around letters.
    expect(hasHiddenCharacters('👩\u200D💻')).to.equal(false);
    expect(hasHiddenCharacters('A\u200D💻')).to.equal(true);
    expect(hasHiddenCharacters('\uFE0FAnna')).to.equal(true);
  });

  it('keeps the rules of SPEC.md §5', () => {
    expect(problemOf('A')).to.equal('usernameLength');
    expect(problemOf('x'.repeat(33))).to.equal('usernameLength');
    expect(problemOf('@anna')).to.equal('usernameStartsWithAt');
    expect(usernameProblem('anna@example.org', ['anna@example.org'])).to.equal('usernameIsEmail');
  });

  it('computes the TR39 skeleton: NFD, prototypes from confusables.txt, NFD', () => {
    expect(skeleton('\u0410nna')).to.equal('Anna'); // Cyrillic А
    expect(skeleton('ΑΝΝΑ')).to.equal('ANNA'); // Greek capitals
    expect(skeleton('paypa1')).to.equal(skeleton('paypal'));
    expect(skeleton('rn')).to.equal(skeleton('m'));
    expect(skeleton('Zoë')).to.equal('Zoe\u0308');
  });

  it('gives look-alike copies of a name one key, and different names different keys', () => {
    const key = usernameKey('Anna');
    const copies = ['Anna', 'anna', 'ANNA', '\u0410nna', 'Ann\u0430', 'ΑΝΝΑ', 'Ａｎｎａ', 'Anna ', 'An\u200Bna', '\u202EAnna', 'Anna\u2066'];
    for (const c of copies) expect(usernameKey(c), JSON.stringify(c)).to.equal(key);
    expect(usernameKey('Zoe\u0308')).to.equal(usernameKey('Zoë'));
    expect(usernameKey('Rene\u0301e')).to.equal(usernameKey('Renée'));
    expect(usernameKey('Anna  Lee')).to.equal(usernameKey('Anna Lee'));
    expect(usernameKey('Ilse')).to.equal(usernameKey('ILSE'));
    expect(usernameKey('Anna 🌸')).to.equal(usernameKey('Anna 🌸\uFE0F'));
    for (const other of ['Hanna', 'Anne', 'Zoe', 'Ánna', 'Anna 🌼', 'Мария', 'Łukasz', '李雷']) {
      expect(usernameKey(other), other).not.to.equal(key);
    }
    expect(usernameKey('Zoë')).not.to.equal(usernameKey('Zoe'));
    expect(usernameKey('Łukasz')).not.to.equal(usernameKey('Lukasz'));
  });

  it('keeps the key within the indexed column (191 characters)', () => {
    expect([...usernameKey('﷽'.repeat(32))].length).to.be.at.most(191);
  });
});
