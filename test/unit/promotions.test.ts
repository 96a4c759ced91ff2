// The time bonus window and its countdown text (types/promotions.ts), shared by server and island.
import { expect } from 'chai';
import { formatCountdown, TIME_BONUS_MS, timeBonusEndsAt } from '../../types/promotions.js';

describe('time bonus', () => {
  const signupDate = Date.parse('2026-11-23T10:00:00Z');

  it('runs for 4 hours after signing up, for a member who never paid', () => {
    expect(timeBonusEndsAt({ paidUser: false, signupDate }, signupDate)).to.equal(signupDate + TIME_BONUS_MS);
    expect(timeBonusEndsAt({ paidUser: false, signupDate }, signupDate + TIME_BONUS_MS - 1)).to.equal(signupDate + TIME_BONUS_MS);
    expect(timeBonusEndsAt({ paidUser: false, signupDate }, signupDate + TIME_BONUS_MS)).to.equal(null);
    expect(timeBonusEndsAt({ paidUser: true, signupDate }, signupDate + 1000)).to.equal(null);
    expect(timeBonusEndsAt({ paidUser: false, signupDate }, signupDate - 1000)).to.equal(null); // a clock behind the signup
    expect(timeBonusEndsAt({ paidUser: false, signupDate: Number.NaN }, signupDate)).to.equal(null);
  });

  it('counts down in hh:mm:ss and stops at zero', () => {
    expect(formatCountdown(TIME_BONUS_MS)).to.equal('04:00:00');
    expect(formatCountdown(TIME_BONUS_MS - 1)).to.equal('03:59:59');
    expect(formatCountdown(61_999)).to.equal('00:01:01');
    expect(formatCountdown(999)).to.equal('00:00:00');
    expect(formatCountdown(-5000)).to.equal('00:00:00');
  });
});
