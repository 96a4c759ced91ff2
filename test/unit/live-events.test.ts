// The in-process event bus, the session cookie check of the event stream's fast path, and the
// badge helpers the top bar's island shares with the server.
import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { pino } from 'pino';
import { signedSessionId } from '../../server/routes/api/events-api.js';
import { LocalEventBus, type LiveSubscriber } from '../../server/services/events/event-bus.js';
import { badgeText, creditsBadgeClass, titleWithCount } from '../../types/badges.js';
import type { LiveEvent } from '../../types/events.js';

const credits = (n: number): LiveEvent => ({ type: 'credits', credits: n });

describe('live event bus (in process)', () => {
  it('delivers to the member\'s listeners only, with the JSON made once, despite a failing listener', async () => {
    const bus = new LocalEventBus(pino({ level: 'silent' }));
    const got: [LiveEvent, string][] = [];
    const other: LiveEvent[] = [];
    bus.subscribe(1, () => {
      throw new Error('broken tab');
    });
    bus.subscribe(1, (e, json) => got.push([e, json]));
    bus.subscribe(2, (e) => other.push(e));
    await bus.publish(1, credits(7));
    expect(got).to.deep.equal([[credits(7), JSON.stringify(credits(7))]]);
    expect(other).to.deep.equal([]);
    expect(bus.listenerCount()).to.equal(3);
    await bus.close();
  });

  it('forgets a member with the last unsubscribe, and ends every subscriber when it closes', async () => {
    const bus = new LocalEventBus(pino({ level: 'silent' }));
    const ended: number[] = [];
    const subscriber = (id: number): LiveSubscriber => ({ deliver: () => undefined, end: () => ended.push(id) });
    const off = bus.subscribe(1, subscriber(1));
    bus.subscribe(2, subscriber(2));
    off();
    off();
    expect(bus.listenerCount(1)).to.equal(0);
    expect(bus.listenerCount()).to.equal(1);
    await bus.close();
    expect(ended).to.deep.equal([2]);
    expect(bus.listenerCount()).to.equal(0);
    bus.subscribe(3, subscriber(3));
    expect(ended).to.deep.equal([2, 3]);
    expect(bus.listenerCount()).to.equal(0);
  });
});

describe('session cookie check of GET /api/events', () => {
  const secret = 'a session secret';
  const sign = (sid: string, key = secret) => `s:${sid}.${createHmac('sha256', key).update(sid).digest('base64').replace(/=+$/, '')}`;

  it('accepts the cookie express-session signs, wherever it is in the header', () => {
    const cookie = `amora_lang=nl; amora.sid=${encodeURIComponent(sign('abc-123_XYZ'))}; other=1`;
    expect(signedSessionId(cookie, secret)).to.equal('abc-123_XYZ');
    // Over HTTPS the cookie is __Host-amora.sid; that one wins over a plain one planted beside it.
    const both = `amora.sid=${encodeURIComponent(sign('planted'))}; __Host-amora.sid=${encodeURIComponent(sign('real'))}`;
    expect(signedSessionId(both, secret)).to.equal('real');
  });

  it('refuses missing, unsigned, forged and malformed cookies', () => {
    expect(signedSessionId(undefined, secret)).to.equal(undefined);
    expect(signedSessionId('x=1', secret)).to.equal(undefined);
    expect(signedSessionId('amora.sid=abc', secret)).to.equal(undefined);
    expect(signedSessionId(`amora.sid=${encodeURIComponent(sign('abc', 'another secret'))}`, secret)).to.equal(undefined);
    expect(signedSessionId(`amora.sid=${encodeURIComponent(sign('abc'))}x`, secret)).to.equal(undefined);
    expect(signedSessionId('amora.sid=%E0%A4%A', secret)).to.equal(undefined);
    expect(signedSessionId('amora.sid=s%3A.', secret)).to.equal(undefined);
  });
});

describe('badges', () => {
  it('caps counts at 99+, colours credits, and prefixes the title with the total', () => {
    expect([badgeText(1), badgeText(99), badgeText(100)]).to.deep.equal(['1', '99', '99+']);
    expect([creditsBadgeClass(0), creditsBadgeClass(10), creditsBadgeClass(11)]).to.deep.equal(['badge-host badge--danger', 'badge-host badge--warning', 'badge-host']);
    expect(titleWithCount('Search | Amora', 3)).to.equal('(3) Search | Amora');
    expect(titleWithCount('(3) Search | Amora', 120)).to.equal('(120) Search | Amora');
    expect(titleWithCount('(3) Search | Amora', 0)).to.equal('Search | Amora');
  });
});
