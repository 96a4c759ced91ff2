// What the push worker lets onto a lock screen, and how it reads a push service's Retry-After.
import { expect } from 'chai';
import type { PushPayload } from '../../types/notifications.js';
import { MAX_PAYLOAD_BYTES, shrunk, topicOf, ttlSecondsOf, urgencyOf, validPayload } from '../../server/services/push/push-payload.js';
import { retryAfterMs } from '../../server/services/push/push-sender.js';

const like: PushPayload = { type: 'like', title: 'Anna liked you', body: 'Have a look', url: '/likes', tag: 'like-1', icon: '/media/1.webp', badge: 2 };
const raw = (p: unknown) => JSON.stringify(p);

describe('push payload', () => {
  it('accepts a PushPayload and nothing more: no extra fields, same-site paths only, https icons', () => {
    expect(validPayload(raw(like))).to.deep.equal(like);
    expect(validPayload(raw({ ...like, icon: 'https://cdn.example/1.webp' }))?.icon).to.equal('https://cdn.example/1.webp');
    for (const bad of [
      { ...like, text: 'the message itself' },
      { ...like, url: 'https://evil.example/' },
      { ...like, url: '//evil.example/x' },
      { ...like, url: '/\\evil.example' },
      { ...like, icon: 'http://cdn.example/1.webp' },
      { ...like, type: 'password_reset' },
      { ...like, title: '' },
      { ...like, badge: -1 },
    ]) {
      expect(validPayload(raw(bad)), JSON.stringify(bad)).to.equal(undefined);
    }
    expect(validPayload('not json')).to.equal(undefined);
  });

  it('shrinks a payload over the cap by dropping body and icon (the field limits make the rest fit)', () => {
    // Every field within its length, but three bytes a character: over the cap as a whole.
    const wide: PushPayload = { ...like, title: '€'.repeat(100), body: '€'.repeat(200), url: `/${'€'.repeat(299)}`, icon: `https://cdn.example/${'i'.repeat(470)}` };
    expect(Buffer.byteLength(raw(wide))).to.be.greaterThan(MAX_PAYLOAD_BYTES);
    expect(validPayload(raw(wide))).to.deep.equal({ type: 'like', title: wide.title, body: '', url: wide.url, tag: 'like-1', badge: 2 });
    expect(shrunk(like)).to.deep.equal({ type: 'like', title: like.title, body: '', url: '/likes', tag: 'like-1', badge: 2 });
  });

  it('gives messages high urgency and a day to live, newsletters low urgency and three days; a tag becomes the topic', () => {
    expect([urgencyOf('new_messages'), ttlSecondsOf('new_messages')]).to.deep.equal(['high', 86_400]);
    expect([urgencyOf('news'), ttlSecondsOf('news')]).to.deep.equal(['low', 259_200]);
    expect(topicOf(like)).to.equal('like-1');
    expect(topicOf({ ...like, tag: 'chat:12' })).to.equal(undefined);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-23T14:00:00Z');
    expect(retryAfterMs('120', now)).to.equal(120_000);
    expect(retryAfterMs('Mon, 23 Nov 2026 14:05:00 GMT', now)).to.equal(300_000);
    expect(retryAfterMs('Mon, 23 Nov 2026 13:00:00 GMT', now)).to.equal(0);
    expect(retryAfterMs(undefined, now)).to.equal(0);
    expect(retryAfterMs('soon', now)).to.equal(0);
  });
});
