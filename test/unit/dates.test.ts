import { expect } from 'chai';
import { ageOn, birthBounds } from '../../server/lib/dates.js';

describe('dates', () => {
  const today = new Date('2026-11-21T10:00:00Z');

  it('computes ages on the birthday boundary', () => {
    expect(ageOn('2008-11-21', today)).to.equal(18);
    expect(ageOn('2008-11-22', today)).to.equal(17);
    expect(ageOn('1990-01-01', today)).to.equal(36);
  });

  it('turns an age range into inclusive birth-date bounds', () => {
    const b = birthBounds(18, 30, today);
    expect(b.bornBefore).to.equal('2008-11-21');
    expect(b.bornAfter).to.equal('1995-11-22');
    expect(ageOn(b.bornBefore!, today)).to.equal(18);
    expect(ageOn(b.bornAfter!, today)).to.equal(30);
  });
});
