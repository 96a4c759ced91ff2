// About texts may fit only some ages ("Retired, but …" is not for a 24-year-old); grouped by the
// writer's grammatical gender, since most of the site's languages inflect for it.

/** An about text, or one only a member of at least `min` (and at most `max`) years would write. */
export type About = string | { text: string; min: number; max: number };

export const from = (min: number, text: string): About => ({ text, min, max: 99 });
export const upTo = (max: number, text: string): About => ({ text, min: 18, max });
export const between = (min: number, max: number, text: string): About => ({ text, min, max });

/** Texts any writer could use, and those only a woman or only a man could (gender agreement). */
export interface AboutGroups {
  any: About[];
  female: About[];
  male: About[];
}
