// The weekly mail: up to six members who joined in the last seven days and are what the member
// looks for (their remembered search filters, else the discovery defaults: the gender their
// orientation looks for, ages around their own, the site's countries with their own first).
//
// The week's new profiles of a site are read once per run (a bounded pool, newest first) and
// matched in memory: one query per member would walk the activity index 100,000 times a week.
import { birthBounds } from '../../../lib/dates.js';
import { blocksAmong, profilesJoinedSince, type CronMemberRow, type NewProfileRow } from '../../../repos/notify-cron-repo.js';
import type { Db } from '../../../db.js';
import { toProfileCard } from '../../profiles/profile-views.js';
import { preferencesOf } from '../../search/search-preferences.js';
import type { CronMailJob } from '../cron-mail-runner.js';
import { weeklyUpdateEmail, type DigestCard } from '../digest-templates.js';
import { absoluteUrl } from '../mail-frames.js';

export const WEEKLY_CARDS = 6;
const WEEK_MS = 7 * 86_400_000;
/** The newest this many profiles of a week are the pool (a site rarely gets more in a week). */
const POOL_LIMIT = 2000;

/** The new profiles a member would find with their search, their own country first. */
export function matchesFor(member: CronMemberRow, pool: NewProfileRow[], o: { siteCountries: string[]; hidden: Set<number>; now: Date }): NewProfileRow[] {
  const { filters, homeCountry } = preferencesOf(member, o.now);
  // As search does: a chosen country the site does not serve means all of the site's countries.
  const country = filters.country && o.siteCountries.includes(filters.country) ? filters.country : '';
  const { bornAfter, bornBefore } = birthBounds(filters.minAge ?? undefined, filters.maxAge ?? undefined, o.now);
  const found = pool.filter(
    (p) =>
      p.id !== member.profile_id &&
      !o.hidden.has(p.id) &&
      (!filters.gender || p.gender === filters.gender) &&
      (country ? p.country === country : o.siteCountries.includes(p.country)) &&
      (!filters.region || p.region === filters.region) &&
      (!bornAfter || p.birth_date >= bornAfter) &&
      (!bornBefore || p.birth_date <= bornBefore),
  );
  const home = country ? [] : found.filter((p) => p.country === homeCountry);
  return [...home, ...found.filter((p) => !home.includes(p))].slice(0, WEEKLY_CARDS);
}

export function weeklyUpdatesJob(db: Db, o: { week: string; now: number }): CronMailJob<{ profiles: NewProfileRow[] }> {
  const pools = new Map<number, Promise<NewProfileRow[]>>();
  return {
    type: 'weekly_updates',
    statuses: ['active'],
    audience: { kind: 'all' },
    async plan(batch, frames) {
      const hiddenOf = await blocksAmong(db, batch.map((m) => m.profile_id));
      const out = [];
      for (const member of batch) {
        const site = await frames.site(member.site_id);
        if (!site) continue;
        let pool = pools.get(site.id);
        if (!pool) pools.set(site.id, (pool = profilesJoinedSince(db, site.countries, o.now - WEEK_MS, POOL_LIMIT)));
        const profiles = matchesFor(member, await pool, { siteCountries: site.countries, hidden: hiddenOf.get(member.profile_id) ?? new Set(), now: new Date(o.now) });
        if (profiles.length) out.push({ member, periodKey: o.week, data: { profiles } });
      }
      return out;
    },
    async render(_tx, p, frame) {
      const cards: DigestCard[] = p.data.profiles.map((row) => {
        const card = toProfileCard(row, frame.cdnPrefix);
        return {
          name: card.name, age: card.age, city: card.city, label: card.isFictional ? frame.fictionalLabel : null,
          photoUrl: absoluteUrl(frame.baseUrl, card.photo!.thumbUrl), url: `${frame.baseUrl}/members/${card.id}`,
        };
      });
      return { template: 'weekly_update', ...weeklyUpdateEmail(frame, cards), aboutProfileIds: p.data.profiles.map((row) => Number(row.id)) };
    },
  };
}
