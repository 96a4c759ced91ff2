import { expect } from 'chai';
import { hasHiddenCharacters, normaliseUsername, skeleton, usernameKeys, usernameProblem, type UsernameKeys } from '../../server/services/accounts/username-policy.js';

/** Whether two names clash as the signup decides it: either key the same. */
const clash = (a: string, b: string) => {
  const x: UsernameKeys = usernameKeys(a);
  const y: UsernameKeys = usernameKeys(b);
  return x.skeleton === y.skeleton || x.skeletonCi === y.skeletonCi;
};

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

  it('makes look-alike copies of a name clash, and different names not', () => {
    const copies = [
      'Anna', 'anna', 'ANNA', 'aNNa', '\u0410nna', 'Ann\u0430', 'Ａｎｎａ', 'Anna ', 'An\u200Bna', '\u202EAnna', 'Anna\u2066',
    ];
    for (const c of copies) expect(clash(c, 'Anna'), JSON.stringify(c)).to.equal(true);
    expect(clash('ΑΝΝΑ', 'ANNA')).to.equal(true); // Greek capitals, whose small letters differ
    expect(clash('ΑΝΝΑ', 'Anna')).to.equal(true);
    expect(clash('ΙLSE', 'Ilse')).to.equal(true); // Greek capital iota
    expect(clash('MARIA', 'Maria')).to.equal(true);
    expect(clash('m\u0430ria', 'MARIA')).to.equal(true);
    expect(clash('BACKFILL', 'Backfill')).to.equal(true);
    expect(clash('Zoe\u0308', 'Zoë')).to.equal(true);
    expect(clash('Rene\u0301e', 'Renée')).to.equal(true);
    expect(clash('Anna  Lee', 'Anna Lee')).to.equal(true);
    expect(clash('Anna 🌸', 'Anna 🌸\uFE0F')).to.equal(true);
    expect(clash('rnark', 'mark')).to.equal(true);
    for (const other of ['Hanna', 'Anne', 'Zoe', 'Ánna', 'Anna 🌼', 'Мария', 'Łukasz', '李雷']) {
      expect(clash(other, 'Anna'), other).to.equal(false);
    }
    expect(clash('Zoë', 'Zoe')).to.equal(false);
    expect(clash('Łukasz', 'Lukasz')).to.equal(false);
    expect(clash('Mila', 'Mlla')).to.equal(false);
    expect(clash('Ali', 'All')).to.equal(false);
  });

  it('keeps the key within the indexed column (191 characters)', () => {
    const keys = usernameKeys('﷽'.repeat(32));
    expect([...keys.skeleton].length).to.be.at.most(191);
    expect([...keys.skeletonCi].length).to.be.at.most(191);
  });
});
