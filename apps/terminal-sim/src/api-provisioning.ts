import { addressOfChannel, type EnrolmentTokenData } from '@ebox/domain';
import { enrolTerminal } from './enrol';
import type { VirtualCompartment } from './virtual-terminal';

/**
 * Lockers for the simulator made through the console's API, the way an operator would: sign in,
 * make a module model with the compartments asked for, create each locker from it, generate its
 * compartments (POST /ebox/generateCompartiments), ask for a one-time token (POST /ebox/createToken)
 * and enrol with it over MQTT as a device does (Open-Locker's enrolment, docs/terminal-link.md).
 */

export class ApiNotReadyError extends Error {}

export interface ApiProvisioningOptions {
  /** Up to the prefix, e.g. http://localhost:8080/io/api/v1 */
  apiUrl: string;
  brokerUrl: string;
  email?: string;
  password?: string;
  bootstrapUsername?: string;
  bootstrapPassword?: string;
  compartmentsPerLocker: number;
  log: (line: string) => void;
}

export interface EnrolledLocker {
  lockerUuid: string;
  username: string;
  password: string;
  clientId: string;
  brokerUrl: string;
  compartments: VirtualCompartment[];
}

/**
 * An unknown API path answers 404 even without a session, and a known one 401: so whether
 * createToken exists is learnt without signing in or creating anything.
 */
export async function assertApiReady(apiUrl: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${apiUrl}/ebox/createToken`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  } catch (error) {
    throw new ApiNotReadyError(
      `the API at ${apiUrl} cannot be reached (${(error as Error).message}). Start it with \`npm start\`, or pass --api.`,
    );
  }
  if (response.status === 404) {
    throw new ApiNotReadyError(
      `the API at ${apiUrl} has no POST /ebox/createToken (a console older than issue 14), so it cannot enrol virtual lockers. ` +
        'Use --standalone to run virtual lockers straight on a broker without enrolment.',
    );
  }
}

async function call<T>(apiUrl: string, token: string | undefined, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** What POST /ebox/createToken answers (packages/domain `enrolmentTokenDataSchema`). */
type TokenAnswer = { tokenData: EnrolmentTokenData };

type MetricsAnswer = { compartiments: { number: number; boardNumber: number | null; comNumber: number | null }[] };

/**
 * One module model holding `compartments` positions of one size, made once per run: every
 * simulated locker is built from it, so its compartments come from generateCompartiments as a real
 * locker's do (numbered from 1, board 1, channels in order).
 */
async function createModule(apiUrl: string, session: string, stamp: string, compartments: number): Promise<string> {
  const layout = await call<{ id: string }>(apiUrl, session, 'POST', '/compartimentLayout', {
    data: { code: `SIM${stamp}`.slice(0, 20), name: `Simulator ${stamp}`, width: 40, height: 30, depth: 50, enable: true },
  });
  const module = await call<{ id: string }>(apiUrl, session, 'POST', '/eboxModule', {
    data: { name: `Simulator module ${stamp}`, code: `SIM${stamp}`.slice(0, 50), defaultBoardNumber: 1, enable: true },
  });
  for (let staticNumber = 1; staticNumber <= compartments; staticNumber++) {
    await call(apiUrl, session, 'POST', '/eboxModuleCompartiment', {
      data: { eboxModule: module.id, staticNumber, compartimentLayout: layout.id, enable: true },
    });
  }
  return module.id;
}

/** Creates `count` lockers through the API and enrols each with its own one-time token. */
export async function provisionLockersThroughApi(count: number, options: ApiProvisioningOptions): Promise<EnrolledLocker[]> {
  await assertApiReady(options.apiUrl);
  if (!options.email || !options.password) {
    throw new ApiNotReadyError('set SIM_EMAIL and SIM_PASSWORD to a console user allowed to create lockers and tokens.');
  }
  const { apiUrl } = options;
  const session = await call<string>(apiUrl, undefined, 'POST', '/auth/sign-in', {
    email: options.email,
    password: options.password,
  });
  const stamp = Date.now().toString(36).toUpperCase();
  const moduleId = await createModule(apiUrl, session, stamp, options.compartmentsPerLocker);
  const enrolled: EnrolledLocker[] = [];
  for (let index = 1; index <= count; index++) {
    const code = `S${stamp}${index}`.slice(0, 20);
    const locker = await call<{ id: string }>(apiUrl, session, 'POST', '/ebox', {
      data: { name: `Virtual locker ${index}`, code, enable: true, boardNumber: 1, startNumber: 1, eboxModule: [moduleId] },
    });
    await call(apiUrl, session, 'POST', '/ebox/generateCompartiments', { data: { ebox: locker.id } });
    const metrics = await call<MetricsAnswer>(apiUrl, session, 'GET', `/ebox/metrics?eboxId=${encodeURIComponent(locker.id)}`);
    const { tokenData } = await call<TokenAnswer>(apiUrl, session, 'POST', '/ebox/createToken', { locker: locker.id, config: {} });
    // The console says where its broker is; --broker is for lockers that run without the API.
    const brokerUrl = tokenData.mqttUrl || options.brokerUrl;
    const result = await enrolTerminal({
      brokerUrl,
      token: tokenData.token,
      bootstrapUsername: options.bootstrapUsername ?? tokenData.bootstrapUsername,
      bootstrapPassword: options.bootstrapPassword ?? tokenData.bootstrapPassword,
      clientId: tokenData.clientId,
    });
    if (!result.ok) throw new Error(`locker ${code} could not enrol: ${result.reason}`);
    options.log(`enrolled ${code} as ${result.lockerUuid}`);
    enrolled.push({
      lockerUuid: result.lockerUuid,
      username: result.username,
      password: result.password,
      clientId: result.clientId,
      brokerUrl,
      compartments: metrics.compartiments.map((c) => ({
        number: c.number,
        boardNumber: c.boardNumber ?? 1,
        // The console's channel is the board's printed one (from 1); the terminal's is the address (from 0).
        channel: addressOfChannel(c.comNumber ?? c.number),
      })),
    });
  }
  return enrolled;
}
