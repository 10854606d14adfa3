import type { AppModule } from '../../platform/modules';

/**
 * Orders' QR codes (issue 27, item 4): the image a locker's scanner reads as the order's access code,
 * the company's QR-code template page around it, and the signed link messages give (`qrCodeUrl`).
 * Routes only; the rules are in service.ts, the payload format in packages/domain (terminal/qr-code.ts).
 */
export const qrCodeModule: AppModule = {
  name: 'qr-code',
  routes: () => import('./routes').then((m) => m.registerQrCodeRoutes),
};
