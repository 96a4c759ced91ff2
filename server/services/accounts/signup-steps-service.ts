// The signup steps after the account (SPEC.md §4): photo, personal info, about me, push prompt,
// then the complete step (confirm e-mail). Each may be skipped except the last; the step is kept on
// the account, and every move is guarded by the step it leaves, so replays and two tabs are safe.
import type { Db } from '../../db.js';
import { ConflictError, ValidationError } from '../../errors.js';
import * as stepsRepo from '../../repos/signup-steps-repo.js';
import { PROFILE_ATTRIBUTE_VALUES, type ProfileAttribute } from '../../../types/profiles.js';
import { SIGNUP_REASONS, SIGNUP_STEPS, type SignupStep } from '../../../types/signup.js';
import type { CatalogService } from '../catalog/catalog-service.js';
import type { PhotosService } from '../photos/photos-service.js';

export const ABOUT_MAX = 2000;
export const MAX_INTERESTS = 12;

export interface StepOwner {
  userId: number;
  profileId: number;
  premium: boolean;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

function nextOf(step: SignupStep): SignupStep {
  return SIGNUP_STEPS[Math.min(SIGNUP_STEPS.indexOf(step) + 1, SIGNUP_STEPS.length - 1)]!;
}

export class SignupStepsService {
  constructor(
    private readonly db: Db,
    private readonly photos: PhotosService,
    private readonly catalog: CatalogService,
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
    const fields: Record<string, string | boolean | null> = {};
    const errors: Record<string, string> = {};
    for (const key of Object.keys(PROFILE_ATTRIBUTE_VALUES) as ProfileAttribute[]) {
      const value = str(input[key]);
      if (!value) continue;
      if ((PROFILE_ATTRIBUTE_VALUES[key] as readonly string[]).includes(value)) fields[key] = value;
      else errors[key] = 'invalidField';
    }
    const tattoos = str(input.tattoos);
    if (tattoos === 'yes' || tattoos === 'no') fields.tattoos = tattoos === 'yes';
    else if (tattoos) errors.tattoos = 'invalidField';
    const city = str(input.city);
    if (city.length > 100) errors.city = 'invalidField';
    else if (city) fields.city = city;
    if (Object.keys(errors).length) throw new ValidationError(errors, 'invalidInput');
    if (Object.keys(fields).length) await stepsRepo.updateProfileFields(this.db, owner.profileId, fields);
    return this.advance(owner.userId, 'personal');
  }

  async saveAbout(owner: StepOwner, input: Record<string, unknown>): Promise<SignupStep> {
    await this.expect(owner.userId, 'about');
    const about = str(input.signup_message ?? input.about);
    if (about.length > ABOUT_MAX) throw new ValidationError({ signup_message: 'aboutTooLong' }, 'aboutTooLong', { signup_message: { max: ABOUT_MAX } });
    const reason = str(input.reason);
    if (reason && !(SIGNUP_REASONS as readonly string[]).includes(reason)) throw new ValidationError({ reason: 'invalidField' }, 'invalidInput');
    const raw = Array.isArray(input.interests) ? input.interests : typeof input.interests === 'string' ? [input.interests] : [];
    const known = new Set(await this.catalog.interestSlugs());
    const interests = [...new Set(raw.filter((s): s is string => typeof s === 'string' && known.has(s)))].slice(0, MAX_INTERESTS);
    await this.db.transaction(async (tx) => {
      if (about) await stepsRepo.updateProfileFields(tx, owner.profileId, { about });
      if (reason) await stepsRepo.setSignupReason(tx, owner.userId, reason);
      await stepsRepo.replaceInterests(tx, owner.profileId, interests);
    });
    return this.advance(owner.userId, 'about');
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
