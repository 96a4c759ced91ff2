// "12 km away" on near-me cards: rounded as people say distances, miles in the US and the UK.
import { expect } from 'chai';
import { roundedDistance } from '../../views/format.js';

describe('distance on cards', () => {
  it('says "nearby" under one unit, then rounds in steps that grow with the distance', () => {
    expect(roundedDistance('en', 0, 'NL')).to.equal(null);
    expect(roundedDistance('en', 0.9, 'NL')).to.equal(null);
    expect(roundedDistance('en', 1.2, 'NL')).to.deep.equal({ value: '1', unit: 'km' });
    expect(roundedDistance('en', 9.6, 'NL')).to.deep.equal({ value: '10', unit: 'km' });
    expect(roundedDistance('en', 17.4, 'NL')).to.deep.equal({ value: '15', unit: 'km' });
    expect(roundedDistance('en', 17.6, 'NL')).to.deep.equal({ value: '20', unit: 'km' });
    expect(roundedDistance('en', 147, 'NL')).to.deep.equal({ value: '150', unit: 'km' });
    expect(roundedDistance('de', 1234, 'DE')).to.deep.equal({ value: '1.200', unit: 'km' });
    expect(roundedDistance('en', 1234, undefined)).to.deep.equal({ value: '1,200', unit: 'km' });
  });

  it('counts in miles for members in the US and the UK', () => {
    expect(roundedDistance('en', 16.1, 'GB')).to.deep.equal({ value: '10', unit: 'mi' });
    expect(roundedDistance('en', 1.3, 'US')).to.equal(null);
    expect(roundedDistance('en', 80.5, 'US')).to.deep.equal({ value: '50', unit: 'mi' });
  });
});
