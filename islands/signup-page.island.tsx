// The /signup page: the signup steps in the page on phones; with `dialog` (plain /signup) wide
// screens show them as a dialog over the site instead, so the modal needs no script on other pages.
import type { SignupWizardProps } from '../types/signup.js';
import { SignupDialog, type SignupDialogTexts } from './signup/signup-dialog.js';
import { SignupWizard } from './signup/wizard.js';

export interface SignupPageIslandProps extends SignupWizardProps {
  dialog: { closeTo: string; texts: SignupDialogTexts | null } | null;
}

export default function SignupPageIsland({ dialog, ...props }: SignupPageIslandProps) {
  if (!dialog) return <SignupWizard {...props} />;
  return (
    <SignupDialog closeTo={dialog.closeTo} texts={dialog.texts} startBusy={props.step !== 'account'}>
      {(onBusy) => <SignupWizard {...props} onBusy={onBusy} />}
    </SignupDialog>
  );
}
