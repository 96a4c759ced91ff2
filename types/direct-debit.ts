// What the direct-debit pages (/directdebit) show: the form's fields (SPEC.md §3) and the code step.

/** The form as posted (field names as SPEC.md §3 has them), to show it again after an error. */
export interface DirectDebitFormValues {
  account_holder: string;
  iban: string;
  street: string;
  house_number: string;
  zip: string;
  city: string;
  phone: string;
}

export const DIRECT_DEBIT_FIELDS = ['account_holder', 'iban', 'street', 'house_number', 'zip', 'city', 'phone'] as const;

/** A mandate waiting for (or confirmed with) its SMS code; phone and IBAN masked. */
export interface DirectDebitCodeStep {
  reference: string;
  status: 'pending' | 'active' | 'blocked';
  phone: string;
  accountHolder: string;
  iban: string;
  /** The payment an active mandate started, if any. */
  paymentId: string | null;
}
