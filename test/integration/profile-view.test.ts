// A profile's page shows its active photos by position and its interests in the catalogue's order,
// read in one statement (profiles-repo.ts photosAndInterestsOf), on both databases.
import { expect } from 'chai';
import { cardContextOfSite } from '../../server/routes/card-context.js';
import { describeEachBackend } from '../helpers/backends.js';
import { createProfile } from '../helpers/profiles.js';

describeEachBackend('profile view: photos and interests', (env) => {
  it('lists the active photos by position and the interests by the catalogue, without presence when asked', async () => {
    const { db, services } = env().rt;
    const profile = await createProfile(db, services.media, { name: 'Vera', photos: 4 });
    const photoIds = ((await db('photos').where({ profile_id: profile.id }).orderBy('id').pluck('id')) as (number | string)[]).map(Number);
    // Positions against the ids' order; the last photo is not approved (not shown).
    await Promise.all([2, 0, 1].map((position, i) => db('photos').where({ id: photoIds[i] }).update({ position })));
    await db('photos').where({ id: photoIds[3] }).update({ status: 'pending' });
    const catalogue = (await db('interests').orderBy('position', 'desc').limit(3).select('id', 'slug')) as { id: number; slug: string }[];
    await db('profile_interests').insert(catalogue.map((i) => ({ profile_id: profile.id, interest_id: i.id })));

    const site = await services.sites.resolveHost('localhost');
    const view = await services.profiles.view(profile.id, { ...cardContextOfSite(site), viewer: null, visibleFields: ['interests'], withoutPresence: true });
    expect(view.photos.map((p) => p.id)).to.deep.equal([photoIds[1], photoIds[2], photoIds[0]]);
    expect(view.photoCount).to.equal(3);
    expect(view.interests).to.deep.equal(catalogue.map((i) => i.slug).reverse());
    expect(view.presence).to.equal(null);
  });
});
