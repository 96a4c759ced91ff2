// The icebreaker modal's facts about the partner (SPEC.md §2 "Icebreaker modal"), for a conversation
// with no messages yet: the opening lines it offers may mention them.

export interface IcebreakerHints {
  /** The partner's city, when the site shows cities on profiles. */
  city: string | null;
  /** One of the partner's interests in the member's language (a shared one when there is), when the site shows interests. */
  interest: string | null;
  /** The member has that interest too. */
  sharedInterest: boolean;
}
