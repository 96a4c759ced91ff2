// Brand marks of the payment methods: small SVG files drawn for this project with plain shapes and
// text (public/payment-marks/*.svg, one per method code), served from our own origin, so the
// chooser makes no outside request. The card choice shows the brands a member there carries.
import type { PaymentMethod } from '../../types/payments.js';

const CARD_MARKS_DEFAULT: readonly PaymentMethod[] = ['visa', 'mastercard', 'maestro'];
const CARD_MARKS: Readonly<Record<string, readonly PaymentMethod[]>> = {
  FR: ['cartebancaire', 'visa', 'mastercard'],
  IT: ['visa', 'mastercard', 'nexi'],
};

/** Brand names: the card choice's marks name the brands (the other rows say the name in text beside the mark). */
const BRAND_NAMES: Partial<Record<PaymentMethod, string>> = {
  visa: 'Visa', mastercard: 'Mastercard', maestro: 'Maestro', cartebancaire: 'Cartes Bancaires', nexi: 'Nexi',
};

export function marksOf(method: PaymentMethod, country: string): readonly PaymentMethod[] {
  return method === 'creditcard' ? (CARD_MARKS[country] ?? CARD_MARKS_DEFAULT) : [method];
}

export function PaymentMarks({ method, country }: { method: PaymentMethod; country: string }) {
  const card = method === 'creditcard';
  return (
    <span className="method__marks">
      {marksOf(method, country).map((m) => (
        <img key={m} className="method__mark" src={`/payment-marks/${m}.svg`} alt={card ? (BRAND_NAMES[m] ?? '') : ''} width={42} height={28} />
      ))}
    </span>
  );
}
