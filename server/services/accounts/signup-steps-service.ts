// The signup steps after the account (SPEC.md §4): photo, personal info, about me, push prompt,
// then the complete step (confirm e-mail). Each may be skipped except the last; the step is kept on
// the account, and every move is guarded by the step it leaves, so replays and two tabs are safe.
import type { Db } from '../../db.js';
import { ConflictError, ValidationError } from '../../errors.js';
import { findPlaceFields, saveProfileLocation } from '../../repos/places-repo.js';
import * as stepsRepo from '../../repos/signup-steps-repo.js';
import { SIGNUP_REASONS, SIGNUP_STEPS, type SignupStep } from '../../../types/signup.js';
import type { CatalogService } from '../catalog/catalog-service.js';
import type { GeoService } from '../geo/geo-service.js';
import type { PhotosService } from '../photos/photos-service.js';
import { ABOUT_MAX, MAX_INTERESTS, parseAttributes, rawInterests, str } from '../profiles/profile-fields.js';

export { ABOUT_MAX, MAX_INTERESTS };

export interface StepOwner {
  userId: number;
  profileId: number;
  premium: boolean;
}

function nextOf(step: SignupStep): SignupStep {
  return SIGNUP_STEPS[Math.min(SIGNUP_STEPS.indexOf(step) + 1, SIGNUP_STEPS.length - 1)]!;
}

export class SignupStepsService {
  constructor(
    private readonly db: Db,
    private readonly photos: PhotosService,
    private readonly catalog: CatalogService,
    private readonly geo: GeoService,
  ) {}

  async current(userId: number): Promise<SignupStep | null> {
    const step = await stepsRepo.signupStepOf(this.db, userId);
    return (SIGNUP_STEPS as readonly string[]).includes(step ?? '') ? (step as SignupStep) : null;
  }

  /** One step's form: `skip` leaves it unsaved; the push step is done in the browser, then skipped here. */
  submit(owner: StepOwner, step: unknown, input: Record<string, unknown>, file?: Buffer): Promise<SignupStep> {
    if (input.skip === true || input.skip === 'true' || input.skip === '1' || step === 'push') return this.skip(owner, step);
    if (step === 'photo') return this.addPhoto(owner, file);
    if (step === 'personal') return this.savePersonal(owner, input);
    if (step === 'about') return this.saveAbout(owner, input);
    return this.skip(owner, step);
  }

  /** Leaves `step` without saving anything (the member chose "skip" or finished it in the browser). */
  async skip(owner: StepOwner, step: unknown): Promise<SignupStep> {
    const from = await this.expect(owner.userId, step);
    if (from === 'complete') return from;
    return this.advance(owner.userId, from);
  }

  async addPhoto(owner: StepOwner, file: Buffer | undefined): Promise<SignupStep> {
    await this.expect(owner.userId, 'photo');
    if (!file?.length) throw new ValidationError({ photo: 'photoMissing' }, 'photoMissing');
    await this.photos.upload(owner, file);
    return this.advance(owner.userId, 'photo');
  }

  async savePersonal(owner: StepOwner, input: Record<string, unknown>): Promise<SignupStep> {
    await this.expect(owner.userId, 'personal');
    const { values, errors } = parseAttributes(input);
    if (Object.keys(errors).length) throw new ValidationError(errors, 'invalidInput');
    // Every field is optional here: only what was given is saved.
    const fields = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null));
    if (Object.keys(fields).length) await stepsRepo.updateProfileFields(this.db, owner.profileId, fields);
    if (values.city) await this.relocate(owner.profileId);
    return this.advance(owner.userId, 'personal');
  }

  async saveAbout(owner: StepOwner, input: Record<string, unknown>): Promise<SignupStep> {
    await this.expect(owner.userId, 'about');
    const about = str(input.signup_message ?? input.about);
    if (about.length > ABOUT_MAX) throw new ValidationError({ signup_message: 'aboutTooLong' }, 'aboutTooLong', { signup_message: { max: ABOUT_MAX } });
    const reason = str(input.reason);
    if (reason && !(SIGNUP_REASONS as readonly string[]).includes(reason)) throw new ValidationError({ reason: 'invalidField' }, 'invalidInput');
    const known = new Set(await this.catalog.interestSlugs());
    const interests = rawInterests(input.interests).filter((s) => known.has(s)).slice(0, MAX_INTERESTS);
    await this.db.transaction(async (tx) => {
      if (about) await stepsRepo.updateProfileFields(tx, owner.profileId, { about });
      if (reason) await stepsRepo.setSignupReason(tx, owner.userId, reason);
      await stepsRepo.replaceInterests(tx, owner.profileId, interests);
    });
    return this.advance(owner.userId, 'about');
  }

  /** A new city moves the profile's position there. */
  private async relocate(profileId: number): Promise<void> {
    const place = await findPlaceFields(this.db, profileId);
    if (place) await saveProfileLocation(this.db, profileId, { ...place, location: await this.geo.locationFor(place) });
  }

  /** The member must be at `step`; a request for another step (an old tab) gets a conflict. */
  private async expect(userId: number, step: unknown): Promise<SignupStep> {
    const current = await this.current(userId);
    if (!current || current !== step) throw new ConflictError('signup_step', 'signupStepDone');
    return current;
  }

  private async advance(userId: number, from: SignupStep): Promise<SignupStep> {
    const to = nextOf(from);
    await stepsRepo.moveSignupStep(this.db, userId, from, to);
    return (await this.current(userId)) ?? 'complete';
  }
}
