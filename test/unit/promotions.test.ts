// The time bonus window and its countdown text (types/promotions.ts), shared by server and island.
import { expect } from 'chai';
import { formatCountdown, TIME_BONUS_MS, timeBonusEndsAt, welcomeCountdown, welcomeEndsAt } from '../../types/promotions.js';

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

describe('welcome offer', () => {
  const signupDate = Date.parse('2026-11-23T10:00:00Z');
  const DAY = 86_400_000;

  it('runs for the given days (default 7) for a member who never paid', () => {
    expect(welcomeEndsAt({ paidUser: false, signupDate }, signupDate + DAY)).to.equal(signupDate + 7 * DAY);
    expect(welcomeEndsAt({ paidUser: false, signupDate }, signupDate + 7 * DAY)).to.equal(null);
    expect(welcomeEndsAt({ paidUser: false, signupDate }, signupDate + 7 * DAY, 8)).to.equal(signupDate + 8 * DAY);
    expect(welcomeEndsAt({ paidUser: true, signupDate }, signupDate + DAY)).to.equal(null);
  });

  it("says 'Offer valid for' with days and hh:mm:ss, and in the last day the hours to claim", () => {
    expect(welcomeCountdown(6 * DAY + 3_600_000 + 61_000, 'd')).to.deep.equal({ key: 'validFor', timeLeft: '6 d 01:01:01' });
    expect(welcomeCountdown(DAY, 'T')).to.deep.equal({ key: 'validFor', timeLeft: '1 T 00:00:00' });
    expect(welcomeCountdown(DAY - 1, 'd')).to.deep.equal({ key: 'actFast', timeLeft: '24' });
    expect(welcomeCountdown(90 * 60_000, 'd')).to.deep.equal({ key: 'actFast', timeLeft: '2' });
    expect(welcomeCountdown(1000, 'd')).to.deep.equal({ key: 'actFast', timeLeft: '1' });
  });
});
