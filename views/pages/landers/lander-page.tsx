// A lander as a page: its own design, and, when the visitor followed its call to action
// (`?signup=1`), the signup steps over it. The lander alone ships no script at all; only that
// second response carries the signup island. On phones the signup is the page itself (the lander
// behind it is hidden), from 768 px a dialog over the lander that closes back to it.
import { SignupSteps, type SignupPageProps } from '../../components/signup-islands.js';

export interface LanderPageShellProps {
  name: string;
  /** The lander's own design, rendered (server/render/lander-bodies.ts keeps it). */
  html: string;
  /** The signup steps, open over the lander, closing to `closeTo` (the lander without ?signup). */
  signup: (Omit<SignupPageProps, 'dialogCloseTo'> & { closeTo: string }) | null;
}

export function LanderPageShell({ name, html, signup }: LanderPageShellProps) {
  return (
    <>
      <div
        className={signup ? 'lander-stage is-behind-signup' : 'lander-stage'}
        data-lander={name}
        inert={signup ? true : undefined}
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {signup && (
        <div className="container section narrow auth lander-signup">
          <SignupSteps {...signup} dialogCloseTo={signup.closeTo} />
        </div>
      )}
    </>
  );
}
