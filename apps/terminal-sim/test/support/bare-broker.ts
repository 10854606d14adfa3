import { createServer, type Server } from 'node:net';
import { Aedes } from 'aedes';

export interface BareBroker {
  url: string;
  close(): Promise<void>;
}

/** An in-process aedes broker on a free port, without credentials or topic rights: the link without its guard. */
export async function startBareBroker(): Promise<BareBroker> {
  const broker = await Aedes.createBroker();
  const server: Server = createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('broker has no TCP address');
  return {
    url: `mqtt://127.0.0.1:${address.port}`,
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
