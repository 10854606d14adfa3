import type { AppModule } from '../../platform/modules';
import { paymentExportJob } from './export-job';
import { paymentChargeJob, paymentCheckJob, paymentSweepJob } from './jobs';
import { paymentGatewayPolicy } from './policy';

/**
 * Payments (issue 32 item 4): the bots' Pix charges through each company's gateway account
 * (Mercado Pago), moved by what the gateway answers; the accounts on the kit with their secrets
 * sealed (docs/payments.md).
 */
export const paymentModule: AppModule = {
  name: 'payment',
  entities: { policies: { paymentGateway: paymentGatewayPolicy } },
  jobs: [paymentChargeJob, paymentCheckJob, paymentSweepJob, paymentExportJob],
  routes: () => import('./routes').then((m) => m.registerPaymentRoutes),
};
