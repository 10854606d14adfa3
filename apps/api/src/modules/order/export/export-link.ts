import { exportLinkOf as mailedExportLinkOf } from '../../../kit/mailed-export/link';

/** An order export's signed link (the shared kit/mailed-export/link.ts, bound to the order). */
export function exportLinkOf(options: { appUrl: string; secret: string; id: string; name: string; expires: number }): string {
  return mailedExportLinkOf({ entity: 'order', ...options });
}
