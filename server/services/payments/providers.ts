// The provider this installation uses, chosen by PAYMENT_PROVIDER.
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db } from '../../db.js';
import { MollieProvider } from './mollie-provider.js';
import type { PaymentProvider } from './payment-provider.js';
import { TestProvider } from './test-provider.js';

export function createPaymentProvider(config: Config, db: Db, logger: Logger): PaymentProvider {
  switch (config.paymentProvider) {
    case 'test':
      // Chosen explicitly on a production database, it hands out credits for free: say so loudly.
      if (config.env === 'production' && !config.testPaymentsLocalOnly) {
        logger.warn('PAYMENT_PROVIDER=test in production: its checkout page lets anybody "pay" without money. Set PAYMENT_PROVIDER=mollie.');
      }
      return new TestProvider(db, logger, config.testPaymentsLocalOnly);
    case 'mollie':
      // loadConfig() refuses PAYMENT_PROVIDER=mollie without a key.
      if (!config.mollieApiKey) throw new Error('PAYMENT_PROVIDER=mollie needs MOLLIE_API_KEY');
      return new MollieProvider({ apiKey: config.mollieApiKey, apiEndpoint: config.mollieApiUrl });
  }
}
