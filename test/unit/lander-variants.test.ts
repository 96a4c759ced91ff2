// The landers' slug variants and profile teasers (server/services/landers/).
import { expect } from 'chai';
import { resolveVariant, slugOf, variantKey, type VariantCatalog } from '../../server/services/landers/lander-variants.js';
import { teaserOf } from '../../server/services/landers/teaser.js';

const CATALOG: VariantCatalog = {
  countries: ['NL', 'BE'],
  regions: [
    { country: 'NL', term: 'province', regions: [{ code: 'LI', name: 'Limburg' }, { code: 'NH', name: 'Noord-Holland' }] },
    { country: 'BE', term: 'province', regions: [{ code: 'VLI', name: 'Limburg' }, { code: 'WHT', name: 'Hainaut' }] },
  ],
  interests: ['romance', 'hiking'],
  visitorCountry: null,
};

describe('lander variants', () => {
  it('makes URL slugs of region names', () => {
    expect(slugOf('Noord-Holland')).to.equal('noord-holland');
    expect(slugOf('Île-de-France')).to.equal('ile-de-france');
    expect(slugOf('Łódzkie')).to.equal('lodzkie');
    expect(slugOf("Provence-Alpes-Côte d'Azur")).to.equal('provence-alpes-cote-d-azur');
  });

  it('resolves gender, country, region and interest slugs; anything else is the default', () => {
    expect(resolveVariant('men', CATALOG)).to.deep.equal({ kind: 'gender', gender: 'male' });
    expect(resolveVariant('Women', CATALOG)).to.deep.equal({ kind: 'gender', gender: 'female' });
    expect(resolveVariant('be', CATALOG)).to.deep.equal({ kind: 'country', country: 'BE' });
    expect(resolveVariant('noord-holland', CATALOG)).to.deep.equal({ kind: 'region', country: 'NL', region: 'Noord-Holland' });
    expect(resolveVariant('hainaut', CATALOG)).to.deep.equal({ kind: 'region', country: 'BE', region: 'Hainaut' });
    expect(resolveVariant('romance', CATALOG)).to.deep.equal({ kind: 'interest', interest: 'romance' });
    for (const slug of [undefined, '', 'de', 'bavaria', 'x'.repeat(65), 'noord holland']) expect(resolveVariant(slug, CATALOG), String(slug)).to.deep.equal({ kind: 'default' });
  });

  it('gives a region name two countries share to the visitor’s country, else the site’s first', () => {
    expect(resolveVariant('limburg', CATALOG)).to.deep.equal({ kind: 'region', country: 'NL', region: 'Limburg' });
    expect(resolveVariant('limburg', { ...CATALOG, visitorCountry: 'BE' })).to.deep.equal({ kind: 'region', country: 'BE', region: 'Limburg' });
  });

  it('keys variants apart', () => {
    const keys = [{ kind: 'default' }, { kind: 'gender', gender: 'male' }, { kind: 'country', country: 'BE' }, { kind: 'region', country: 'BE', region: 'Limburg' }, { kind: 'region', country: 'NL', region: 'Limburg' }, { kind: 'interest', interest: 'romance' }] as const;
    expect(new Set(keys.map((k) => variantKey(k))).size).to.equal(keys.length);
  });
});

describe('profile teasers', () => {
  it('keeps short texts, folds whitespace and cuts long ones at a word', () => {
    expect(teaserOf(null)).to.equal(null);
    expect(teaserOf('   ')).to.equal(null);
    expect(teaserOf('Hello\n\n  there')).to.equal('Hello there');
    const long = 'I love long walks on the beach, good coffee, better books and the occasional terrible film. Tell me yours, and I will tell you mine. Deal?';
    const t = teaserOf(long, 60)!;
    expect(t.length).to.be.at.most(60);
    expect(t).to.equal('I love long walks on the beach, good coffee, better books…');
    expect(teaserOf('x'.repeat(200), 20)).to.equal(`${'x'.repeat(19)}…`);
  });
});
