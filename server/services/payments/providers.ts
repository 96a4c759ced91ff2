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
      // Fine for a demo on SQLite; on a production database it would hand out credits for free.
      if (config.env === 'production' && !config.databaseUrl.startsWith('sqlite:')) {
        logger.warn('PAYMENT_PROVIDER=test in production: its checkout page lets anybody "pay" without money. Set PAYMENT_PROVIDER=mollie.');
      }
      return new TestProvider(db, logger);
    case 'mollie':
      // loadConfig() refuses PAYMENT_PROVIDER=mollie without a key.
      if (!config.mollieApiKey) throw new Error('PAYMENT_PROVIDER=mollie needs MOLLIE_API_KEY');
      return new MollieProvider({ apiKey: config.mollieApiKey, apiEndpoint: config.mollieApiUrl });
  }
}
