// The tracking record's rules (services/traffic/tracking-record.ts), the lander paths the counter
// recognises and the visits it leaves out.
import { expect } from 'chai';
import { landingLabel, landingOfPath } from '../../server/services/traffic/lander-paths.js';
import {
  TRACKING_VALUE_MAX_BYTES, cleanTracking, nextAttribution, parseAttribution, serializeAttribution, signupAttribution, type Attribution,
} from '../../server/services/traffic/tracking-record.js';
import { isPersonVisit } from '../../server/services/traffic/visit-filter.js';

const CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe('tracking record', () => {
  it('strips curly braces, trims, and keeps only a record with a network or a ref', () => {
    expect(cleanTracking({ network: '{adnet}', ref: ' 42 ', sub1: '{{clickid}}', sub2: '{}', other: 'x' })).to.deep.equal({ network: 'adnet', ref: '42', sub1: 'clickid' });
    expect(cleanTracking({ sub1: 'abc', sub2: 'def' }), 'sub-ids alone are no source').to.deep.equal({});
    expect(cleanTracking({ network: '{}', ref: '{ }' })).to.deep.equal({});
    expect(cleanTracking({ network: ['a', 'b'] }), 'a repeated parameter is no value').to.deep.equal({});
    expect(cleanTracking(null)).to.deep.equal({});
    expect(cleanTracking('network=x')).to.deep.equal({});
  });

  it('drops values with control or invisible formatting characters, keeping the rest', () => {
    expect(cleanTracking({ network: 'ad\u0000net' })).to.deep.equal({});
    expect(cleanTracking({ network: 'adnet', sub1: 'a\r\nSet-Cookie: x=1', sub2: '\u001b[31mred', sub3: 'rtl\u202eevil' })).to.deep.equal({ network: 'adnet' });
    expect(cleanTracking({ network: 'exo-click_1.2:3/@x' })).to.deep.equal({ network: 'exo-click_1.2:3/@x' });
    expect(cleanTracking({ network: '<script>alert(1)</script>' }), 'kept as text, escaped wherever shown').to.deep.equal({ network: '<script>alert(1)</script>' });
  });

  it('cuts a value to 191 bytes of UTF-8 at a character boundary', () => {
    expect(cleanTracking({ network: 'n'.repeat(500) }).network).to.equal('n'.repeat(TRACKING_VALUE_MAX_BYTES));
    const cut = cleanTracking({ network: 'é'.repeat(200) }).network!;
    expect(Buffer.byteLength(cut)).to.be.at.most(TRACKING_VALUE_MAX_BYTES);
    expect(cut).to.equal('é'.repeat(95));
    const emoji = cleanTracking({ network: '😀'.repeat(100) }).network!;
    expect(emoji).to.equal('😀'.repeat(47));
    // Five of the longest values still fit a 4 KB cookie percent-encoded.
    const worst = cleanTracking(Object.fromEntries(['network', 'ref', 'sub1', 'sub2', 'sub3'].map((k) => [k, '€'.repeat(300)])));
    expect(encodeURIComponent(serializeAttribution({ tracking: worst, landing: { name: 'transitionsvideolanding', variant: 'v'.repeat(64) } })).length).to.be.below(4000);
  });

  it('reads a cookie again with the same rules, and ignores one that is not ours', () => {
    const a: Attribution = { tracking: { network: 'adnet', sub1: 'c1' }, landing: { name: 'video', variant: 'summer' } };
    expect(parseAttribution(serializeAttribution(a))).to.deep.equal(a);
    expect(parseAttribution(JSON.stringify({ network: '{x}', lander: 'nope', variant: 'Bad Slug' }))).to.deep.equal({ tracking: { network: 'x' }, landing: null });
    expect(parseAttribution(JSON.stringify({ lander: 'gallery', variant: '../../etc' }))).to.deep.equal({ tracking: {}, landing: { name: 'gallery', variant: null } });
    for (const bad of ['not json', '[]', 'null', '{"sub1":"only"}', 'x'.repeat(9000)]) expect(parseAttribution(bad), bad).to.equal(null);
  });

  it('keeps the last source that arrived, with the lander it arrived on (last touch)', () => {
    const video = { name: 'video', variant: 'summer' };
    const a = nextAttribution(null, { network: 'a', sub1: 'c1' }, video)!;
    expect(a).to.deep.equal({ tracking: { network: 'a', sub1: 'c1' }, landing: video });
    expect(nextAttribution(a, {}, { name: 'gallery', variant: null }), 'a lander without a source leaves the source alone').to.equal(null);
    expect(nextAttribution(a, {}, null)).to.equal(null);
    expect(nextAttribution(a, { network: 'a', sub1: 'c1' }, null), 'the lander passing its query on changes nothing').to.equal(null);
    expect(nextAttribution(a, { network: 'a', sub1: 'c2' }, null), 'same campaign, newer click: the lander stays').to.deep.equal({ tracking: { network: 'a', sub1: 'c2' }, landing: video });
    expect(nextAttribution(a, { network: 'b' }, null), 'another network elsewhere: no lander').to.deep.equal({ tracking: { network: 'b' }, landing: null });
    expect(nextAttribution(a, { network: 'b' }, { name: 'adultonly', variant: null })).to.deep.equal({ tracking: { network: 'b' }, landing: { name: 'adultonly', variant: null } });
    const organic = nextAttribution(null, {}, { name: 'gallery', variant: null })!;
    expect(organic).to.deep.equal({ tracking: {}, landing: { name: 'gallery', variant: null } });
    expect(nextAttribution(organic, {}, { name: 'video', variant: null })).to.deep.equal({ tracking: {}, landing: { name: 'video', variant: null } });
  });

  it('credits a signup with the lander only when it came with the same source', () => {
    const cookie: Attribution = { tracking: { network: 'a', ref: '7' }, landing: { name: 'video', variant: null } };
    expect(signupAttribution({}, cookie)).to.deep.equal(cookie);
    expect(signupAttribution({ network: 'a', ref: '7', sub1: 'c9' }, cookie)).to.deep.equal({ tracking: { network: 'a', ref: '7', sub1: 'c9' }, landing: cookie.landing });
    expect(signupAttribution({ network: 'b' }, cookie)).to.deep.equal({ tracking: { network: 'b' }, landing: null });
    expect(signupAttribution({}, null)).to.deep.equal({ tracking: {}, landing: null });
    expect(signupAttribution({}, { tracking: {}, landing: { name: 'gallery', variant: 'x' } })).to.deep.equal({ tracking: {}, landing: { name: 'gallery', variant: 'x' } });
  });
});

describe('lander paths', () => {
  it('recognises the shapes of types/landers.ts and the member signup landing', () => {
    const cases: [string, ReturnType<typeof landingOfPath>][] = [
      ['/landers/adultonly', { name: 'adultonly', variant: null }],
      ['/landers/adultonly/', { name: 'adultonly', variant: null }],
      ['/landers/adultonly/x', null],
      ['/landers/video', { name: 'video', variant: null }],
      ['/landers/Video/Summer-2', { name: 'video', variant: 'summer-2' }],
      ['/landers/video/%3Cscript%3E', { name: 'video', variant: null }],
      ['/landers/unknown', null],
      ['/landers/video/a/b', null],
      ['/members/12/landing', { name: 'landing', variant: null }],
      ['/members/12/landing/x', null],
      ['/members/12/landing2', { name: 'landing2', variant: null }],
      ['/members/12/landing3/blue', { name: 'landing3', variant: 'blue' }],
      ['/members/12/signup', { name: 'signup', variant: null }],
      ['/members/012/signup', null],
      ['/members/12', null],
      ['/members/12/chat', null],
      ['/signup', null],
      ['/', null],
    ];
    for (const [path, expected] of cases) expect(landingOfPath(path), path).to.deep.equal(expected);
  });

  it('labels landings by their path', () => {
    expect(landingLabel('video', 'summer')).to.equal('/landers/video/summer');
    expect(landingLabel('adultonly', null)).to.equal('/landers/adultonly');
    expect(landingLabel('landing2', 'blue')).to.equal('/members/*/landing2/blue');
    expect(landingLabel(null, null)).to.equal('(no lander)');
  });
});

describe('visit filter', () => {
  it('counts browsers, not robots, previews or prefetches', () => {
    expect(isPersonVisit({ 'user-agent': CHROME })).to.equal(true);
    expect(isPersonVisit({ 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0]' })).to.equal(true);
    for (const agent of [
      '', 'x', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'facebookexternalhit/1.1', 'WhatsApp/2.23.20.0',
      'curl/8.5.0', 'python-requests/2.31', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    ]) {
      expect(isPersonVisit({ 'user-agent': agent }), agent).to.equal(false);
    }
    expect(isPersonVisit({})).to.equal(false);
    expect(isPersonVisit({ 'user-agent': CHROME, 'sec-purpose': 'prefetch' })).to.equal(false);
    expect(isPersonVisit({ 'user-agent': CHROME, 'sec-purpose': 'prefetch;prerender' })).to.equal(false);
    expect(isPersonVisit({ 'user-agent': CHROME, purpose: 'prefetch' })).to.equal(false);
    expect(isPersonVisit({ 'user-agent': CHROME, 'x-moz': 'prefetch' })).to.equal(false);
  });
});
