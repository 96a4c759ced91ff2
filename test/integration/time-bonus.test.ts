// The time-bonus banner (SPEC.md §2, §4): in the members area for a member who never paid and
// signed up less than 4 hours ago by the server's clock, with the time left rendered by the
// server and a link to the credits page with TIMEBONUS25 applied; gone otherwise.
import { expect } from 'chai';
import { describeEachBackend } from '../helpers/backends.js';
import { loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';

describeEachBackend('time bonus banner', (env) => {
  it('shows in the members area while the 4 hours run, not elsewhere, not after, not for a paying member', async () => {
    const db = env().rt.db;
    const m = await createMember(db);
    const a = await loggedInAgent(env().app, m.email, m.password);
    await db('users').where({ id: m.id }).update({ signup_date: Date.now() - 3600_000 });
    const members = await a.get('/members').expect(200);
    expect(members.text).to.include('data-testid="time-bonus"').and.include('href="/credits?code=TIMEBONUS25"').and.include('25% off your first credits');
    expect(/data-testid="time-bonus-clock">(\d\d:\d\d:\d\d)</.exec(members.text)?.[1]).to.match(/^0[23]:[0-5]\d:[0-5]\d$/);
    expect((await a.get('/likes').expect(200)).text).to.include('data-testid="time-bonus"');
    expect((await a.get('/profile').expect(200)).text).not.to.include('data-testid="time-bonus"');
    const credits = await a.get('/credits?code=TIMEBONUS25').expect(200);
    expect(credits.text).to.include('Code TIMEBONUS25: 25% off');

    await db('users').where({ id: m.id }).update({ signup_date: Date.now() - 4 * 3600_000 });
    expect((await a.get('/members').expect(200)).text).not.to.include('data-testid="time-bonus"');
    expect((await a.get('/credits?code=TIMEBONUS25').expect(200)).text).to.include('Code not found');
    await db('users').where({ id: m.id }).update({ signup_date: Date.now() - 60_000, paid_user: true });
    expect((await a.get('/members').expect(200)).text).not.to.include('data-testid="time-bonus"');
  });

  it('shows the welcome offer after the time bonus, for 7 days, with the time left, and its last day in hours', async () => {
    const db = env().rt.db;
    const m = await createMember(db);
    const a = await loggedInAgent(env().app, m.email, m.password);
    const DAY = 86_400_000;
    const at = async (signupAgo: number) => {
      await db('users').where({ id: m.id }).update({ signup_date: Date.now() - signupAgo });
      return (await a.get('/members').expect(200)).text;
    };
    const first = await at(3600_000);
    expect(first).to.include('data-testid="time-bonus"').and.not.include('data-testid="welcome-offer"');
    const second = await at(DAY + 60_000);
    expect(second).to.include('data-testid="welcome-offer"').and.include('href="/credits?code=WELCOME25"').and.not.include('data-testid="time-bonus"');
    expect(/data-testid="welcome-offer-left">([^<]*)</.exec(second)?.[1]).to.match(/^Offer valid for 5 d 23:5\d:\d\d$/);
    expect(/data-testid="welcome-offer-left">([^<]*)</.exec(await at(6.5 * DAY))?.[1]).to.equal('Act Fast, Only 12 hours to Claim');
    expect(await at(7 * DAY)).not.to.include('data-testid="welcome-offer"');
    expect((await a.get('/credits?code=WELCOME25').expect(200)).text).to.include('Code not found');
    await at(DAY);
    expect((await a.get('/credits?code=welcome25').expect(200)).text).to.include('Code WELCOME25: 25% off');
    await db('users').where({ id: m.id }).update({ paid_user: true });
    expect((await a.get('/members').expect(200)).text).not.to.include('data-testid="welcome-offer"');
  });
});
