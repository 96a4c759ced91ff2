// Profiles as other members and visitors see them.
import type { Db } from '../../db.js';
import { ForbiddenError, NotFoundError } from '../../errors.js';
import { blockStateBetween } from '../../repos/blocks-repo.js';
import { likeStateBetween } from '../../repos/likes-repo.js';
import { findProfile, photosAndInterestsOf } from '../../repos/profiles-repo.js';
import type { GalleryViewer, ProfileDetail, ProfileRelation } from '../../../types/profiles.js';
import type { LikesService } from '../likes/likes-service.js';
import { photoUrl } from '../media/photo-urls.js';
import type { PresenceService } from '../presence/presence-service.js';
import type { MaybeViewer } from '../viewer.js';
import { toProfileCard, type CardContext } from './profile-views.js';

const ATTRIBUTE_FIELDS = ['relationship_status', 'hair_color', 'eye_color', 'body_type', 'tattoos'] as const;

export class ProfilesService {
  constructor(
    private readonly db: Db,
    private readonly likes: LikesService,
    private readonly presence: Pick<PresenceService, 'answersFor'>,
  ) {}

  /**
   * The profile page; hidden, disabled and unknown profiles are all simply not found. A profile
   * that blocked the viewer is forbidden, naming it; one the viewer blocked shows only "unblock".
   */
  async view(id: number, ctx: CardContext & { viewer: MaybeViewer; visibleFields: string[]; withoutPresence?: boolean }): Promise<ProfileDetail> {
    const own = ctx.viewer?.profileId === id;
    const member = ctx.viewer && !own ? ctx.viewer : null;
    // Asked together: on MySQL one round trip (db-read-batch.ts), shared with other requests'. A
    // member's blocks and likes between the two are asked with the profile and used only once it
    // is found and not blocked.
    const [row, media, blocks, likeState] = await Promise.all([
      findProfile(this.db, id),
      photosAndInterestsOf(this.db, id),
      member ? blockStateBetween(this.db, member.profileId, id) : undefined,
      member ? likeStateBetween(this.db, member.profileId, id) : undefined,
    ]);
    if (!row || (row.status !== 'active' && !own)) throw new NotFoundError('profile_not_found');
    let relation: ProfileRelation | null = null;
    if (member && blocks && likeState) {
      if (blocks.blockedMe) throw new ForbiddenError('blocked_by_profile', 'blockedBy', { name: row.name });
      const likes = blocks.blockedByMe ? { liked: false, likedBy: false, match: false } : await this.likes.relationOnOpen(member, id, likeState);
      relation = { ...likes, blockedByMe: blocks.blockedByMe };
    }
    const { photos, interests } = media;
    // One's own profile shows no presence: one knows. A kept page's check compares all but it.
    const presence = own || ctx.withoutPresence ? undefined : await this.presence.answersFor([row], ctx.fictionalPresence);
    const galleryViewer: GalleryViewer = own ? 'own' : !ctx.viewer ? 'visitor' : ctx.viewer.premium ? 'premium' : 'free';
    const mayUnlock = galleryViewer === 'own' || galleryViewer === 'premium';
    const attributes = ATTRIBUTE_FIELDS.filter((f) => ctx.visibleFields.includes(f))
      .map((key) => ({ key, value: row[key] }))
      .filter((a): a is { key: (typeof ATTRIBUTE_FIELDS)[number]; value: string | number | boolean } => a.value !== null && a.value !== undefined)
      .map((a) => ({ key: a.key, value: a.key === 'tattoos' ? (a.value ? 'yes' : 'no') : String(a.value) }));
    return {
      ...toProfileCard(row, ctx.cdnPrefix, presence),
      sexuality: row.sexuality,
      about: row.about,
      attributes,
      interests: ctx.visibleFields.includes('interests') ? interests : [],
      photoCount: photos.length,
      galleryViewer,
      relation,
      photos: photos.map((p) => {
        const locked = !mayUnlock && p.id !== row.main_photo_id;
        const variant = locked ? 'blur' : 'full';
        return {
          id: p.id,
          url: photoUrl(ctx.cdnPrefix, p.file_key, variant),
          thumbUrl: photoUrl(ctx.cdnPrefix, p.file_key, locked ? 'blur' : 'thumb'),
          locked,
        };
      }),
    };
  }
}
