// The company's country (lib/country-names.ts): taken as a code or a name in any of the site's
// languages, stored as its ISO code, and named in each reader's language.
import { expect } from 'chai';
import { countryCode, countryCodeOf, countryName } from '../../server/lib/country-names.js';

describe('country names', () => {
  it('takes a code in any case, or a country\'s name in one of the site\'s languages', () => {
    for (const given of ['NL', 'nl', ' Netherlands ', 'the Netherlands', 'Nederland', 'Niederlande', 'Holandia', 'Pays-Bas', 'Países Bajos']) {
      expect(countryCodeOf(given), given).to.equal('NL');
    }
    expect(countryCodeOf('Germany')).to.equal('DE');
    expect(countryCodeOf('Malta')).to.equal('MT');
    expect(countryCodeOf('Curaçao')).to.equal('CW');
    // Old codes as today's.
    expect(countryCodeOf('UK')).to.equal('GB');
    expect(countryCodeOf('DD')).to.equal('DE');
  });

  it('takes nothing that is not a country', () => {
    for (const given of ['', 'N', 'NLD', 'Atlantis', 'EU', 'European Union', 'UN', 'ZZ', 'Unknown Region', 'XA', '12']) {
      expect(countryCodeOf(given), given).to.equal(undefined);
    }
    expect(countryCode('Netherlands')).to.equal(undefined);
  });

  it('names a code in the reader\'s language, and a text stored before codes as it is', () => {
    expect(countryName('en', 'NL')).to.equal('Netherlands');
    expect(countryName('de', 'NL')).to.equal('Niederlande');
    expect(countryName('pl', 'NL')).to.equal('Holandia');
    expect(countryName('fr', 'NL')).to.equal('Pays-Bas');
    expect(countryName('nl', 'DE')).to.equal('Duitsland');
    expect(countryName('de', 'Atlantis')).to.equal('Atlantis');
    expect(countryName('de', '')).to.equal('');
  });
});
