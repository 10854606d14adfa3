import { sql } from 'drizzle-orm';
import { serviceOf } from '../../kit/service';
import type { AppDeps } from '../../platform/app-deps';
import { inTransaction, systemContext } from '../../platform/context';
import { entityTable } from '../../platform/db/entity-tables';
import { user } from '../../platform/db/schema';
import type { DemoBotKey, DemoNumber } from './demo-providers';

/**
 * The demo's WhatsApp bots (issue 32), one per demo cluster, each on its own number of the provider
 * sandbox's WhatsApp stand-in, so a person trying the demo (or `npm run sim -- --whatsapp N`) can
 * chat: Metrô Flamengo books by the hour for free, the Acácias building by the hour paid by Pix (its
 * catalog in BRL, charged at the Mercado Pago stand-in), Zona Sul answers customers about their orders.
 */
export const DEMO_BOTS: Record<
  DemoBotKey,
  { cluster: string; flowType: 'hourlyBooking' | 'logisticSupport'; name: string; bot?: Record<string, unknown> }
> = {
  hourlyFree: { cluster: 'Metrô Flamengo', flowType: 'hourlyBooking', name: 'Guarda-volumes Flamengo' },
  hourlyPaid: {
    cluster: 'Condomínio Jardim das Acácias',
    flowType: 'hourlyBooking',
    name: 'Guarda-volumes Acácias (Pix)',
    bot: { isPaid: true, catalog: { unit: 'HOUR', priceP: 4, priceM: 5.5, priceG: 8 }, paymentMethods: ['pix'] },
  },
  support: { cluster: 'Zona Sul - Rua', flowType: 'logisticSupport', name: 'Atendimento Zona Sul' },
};

/**
 * Creates the demo bots the database lacks, on the sandbox's numbers (kept in the data folder, so a
 * bot saved by an earlier start still routes): a demo loaded before the bots existed gets them too.
 * Answers how many it made. The bots act for the owner, as an operator's would.
 */
export async function seedDemoBots(deps: AppDeps, numbers: Record<DemoBotKey, DemoNumber>, ownerEmail: string): Promise<number> {
  return inTransaction(systemContext(deps, 'demoSeed'), async (ctx) => {
    const owners = await ctx.tx.execute<{ id: string }>(sql`SELECT id FROM ${user} WHERE email = ${ownerEmail} LIMIT 1`);
    const ownerId = owners.rows[0]?.id;
    if (!ownerId) return 0;
    let made = 0;
    for (const [key, demo] of Object.entries(DEMO_BOTS) as [DemoBotKey, (typeof DEMO_BOTS)[DemoBotKey]][]) {
      const number = numbers[key];
      const bots = await ctx.tx.execute<{ id: string }>(
        sql`SELECT id FROM ${entityTable('bot')} WHERE phone_number_id = ${number.phoneNumberId} LIMIT 1`,
      );
      if (bots.rows.length) continue;
      const clusters = await ctx.tx.execute<{ id: string; company_id: string }>(
        sql`SELECT id, company_id FROM ${entityTable('cluster')} WHERE name = ${demo.cluster} LIMIT 1`,
      );
      const cluster = clusters.rows[0];
      if (!cluster) continue;
      const flow = await serviceOf('botFlow').create(ctx, {
        name: `Fluxo ${demo.name}`,
        type: demo.flowType,
        company: cluster.company_id,
        cluster: cluster.id,
        enable: true,
      });
      await serviceOf('bot').create(ctx, {
        name: demo.name,
        phoneNumberId: number.phoneNumberId,
        phoneNumber: number.displayPhoneNumber,
        accessToken: number.accessToken,
        company: cluster.company_id,
        cluster: cluster.id,
        flow: flow.id,
        user: ownerId,
        enable: true,
        ...demo.bot,
      });
      made += 1;
    }
    return made;
  });
}
