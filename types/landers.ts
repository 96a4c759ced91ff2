// The landing pages of SPEC.md §2, named once: the lander routes, the traffic counter and
// `amora stats landers` all speak of the same pages.

/** `/landers/{name}`: no variant. */
export const FIXED_LANDERS = ['adultonly', 'tinderswipe', 'whoneedsstrings'] as const;

/** `/landers/{name}/{slug?}`: the optional slug is a variant the operator chooses (unknown slugs fall back to the default). */
export const VARIANT_LANDERS = [
  'alonetonight', 'collagelanding', 'gallery', 'iconslanding', 'maplanding', 'socialnetwork', 'transitionsvideolanding', 'video',
] as const;

/** `/members/{id}/landing`, `/members/{id}/landing2/{slug?}`, `/members/{id}/landing3/{slug?}`: one profile put forward. */
export const MEMBER_LANDINGS = ['landing', 'landing2', 'landing3'] as const;

export type FixedLander = (typeof FIXED_LANDERS)[number];
export type VariantLander = (typeof VARIANT_LANDERS)[number];
export type LanderName = FixedLander | VariantLander;
export type MemberLanding = (typeof MEMBER_LANDINGS)[number];
