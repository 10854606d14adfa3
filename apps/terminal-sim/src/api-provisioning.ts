import { enrolTerminal } from './enrol';
import type { VirtualCompartment } from './virtual-terminal';

/**
 * Lockers for the simulator made through the console's API, the way an operator would: sign in,
 * create a locker with its compartments, ask for a one-time token (POST /ebox/createToken) and
 * enrol with it over MQTT.
 *
 * WAITING FOR THE API (issue 14, items 1, 2 and 4): the ebox and compartiment entities,
 * POST /ebox/generateCompartiments and POST /ebox/createToken do not exist yet. The field names
 * below follow spec 3 and 7.4; check them against the entities and the createToken answer when
 * those land. Until then `assertApiReady` stops the simulator with a clear message.
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
      `the API at ${apiUrl} has no POST /ebox/createToken yet (lockers and enrolment, issue 14), so it cannot enrol virtual lockers. ` +
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

/** The createToken answer's tokenData: the token itself, or an object carrying it and the broker details. */
type TokenData = string | { token: string; mqttUrl?: string; bootstrapUsername?: string; bootstrapPassword?: string };

/** Creates `count` lockers through the API and enrols each; WAITING FOR THE API (see above). */
export async function provisionLockersThroughApi(count: number, options: ApiProvisioningOptions): Promise<EnrolledLocker[]> {
  await assertApiReady(options.apiUrl);
  if (!options.email || !options.password) {
    throw new ApiNotReadyError('set SIM_EMAIL and SIM_PASSWORD to a console user allowed to create lockers and tokens.');
  }
  const session = await call<string>(options.apiUrl, undefined, 'POST', '/auth/sign-in', {
    email: options.email,
    password: options.password,
  });
  const stamp = Date.now().toString(36).toUpperCase();
  const enrolled: EnrolledLocker[] = [];
  for (let index = 1; index <= count; index++) {
    const code = `SIM-${stamp}-${index}`;
    // TODO(issue 14): module and layout fields as the ebox/eboxModule entities declare them.
    const locker = await call<{ id: string }>(options.apiUrl, session, 'POST', '/ebox', {
      data: { name: `Virtual locker ${index}`, code, enable: true, boardNumber: 1, startNumber: 1 },
    });
    await call(options.apiUrl, session, 'POST', '/ebox/generateCompartiments', {
      data: { ebox: locker.id, count: options.compartmentsPerLocker },
    });
    const compartments = await call<{ rows: { number: number; boardNumber: number; comNumber: number }[] }>(
      options.apiUrl,
      session,
      'GET',
      `/compartiment?filter[ebox]=${encodeURIComponent(locker.id)}&limit=1000`,
    );
    const answer = await call<{ tokenData: TokenData }>(options.apiUrl, session, 'POST', '/ebox/createToken', {
      locker: locker.id,
      config: {},
    });
    const tokenData = typeof answer.tokenData === 'string' ? { token: answer.tokenData } : answer.tokenData;
    const brokerUrl = tokenData.mqttUrl ?? options.brokerUrl;
    const result = await enrolTerminal({
      brokerUrl,
      token: tokenData.token,
      bootstrapUsername: tokenData.bootstrapUsername ?? options.bootstrapUsername,
      bootstrapPassword: tokenData.bootstrapPassword ?? options.bootstrapPassword,
    });
    if (!result.ok) throw new Error(`locker ${code} could not enrol: ${result.reason}`);
    options.log(`enrolled ${code} as ${result.lockerUuid}`);
    enrolled.push({
      lockerUuid: result.lockerUuid,
      username: result.username,
      password: result.password,
      clientId: result.clientId,
      brokerUrl,
      compartments: compartments.rows.map((c) => ({ number: c.number, boardNumber: c.boardNumber, channel: c.comNumber })),
    });
  }
  return enrolled;
}
