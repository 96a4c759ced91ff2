// The /signup page (phones, and desktops that open it directly): the signup steps in the page.
import type { SignupWizardProps } from '../types/signup.js';
import { SignupWizard } from './signup/wizard.js';

export default function SignupPageIsland(props: SignupWizardProps) {
  return <SignupWizard {...props} />;
}
