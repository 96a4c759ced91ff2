// Default layout: top bar, banners (time bonus or welcome offer, activation, disabled notifications, profile, push prompt), content, footer with disclaimer, site-entry warning, signup modal.
import type { ReactNode } from 'react';
import { ActivationReminder } from '../components/activation-reminder.js';
import { DisabledNotificationsAlert } from '../components/disabled-notifications-alert.js';
import { EntryWarning } from '../components/entry-warning.js';
import { Footer } from '../components/footer.js';
import { ProfileEnrichWarning } from '../components/profile-enrich-warning.js';
import { PushPromptSlot } from '../components/push-prompt-slot.js';
import { SignupModalSlot } from '../components/signup-islands.js';
import { TimeBonusBanner } from '../components/time-bonus-banner.js';
import { WelcomeOfferBanner } from '../components/welcome-offer-banner.js';
import { TopBar } from '../components/top-bar.js';

export function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <TopBar />
      <TimeBonusBanner />
      <WelcomeOfferBanner />
      <ActivationReminder />
      <DisabledNotificationsAlert />
      <ProfileEnrichWarning />
      <PushPromptSlot />
      <main id="main" className="main">{children}</main>
      <Footer />
      <EntryWarning />
      <SignupModalSlot />
    </>
  );
}
