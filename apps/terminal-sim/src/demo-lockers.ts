import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { addressOfChannel, type EnrolmentTokenData } from '@ebox/domain';
import { type EnrolOptions, type EnrolResult, enrolTerminal } from './enrol';
import type { VirtualCompartment } from './virtual-terminal';

/**
 * `--demo`: virtual terminals for lockers that already exist in the console (the demo data's), the
 * way their real terminals would get there: the console lists them, gives a one-time token per locker
 * (POST /ebox/createToken) and the terminal trades it over MQTT for its own credentials (Open-Locker
 * enrolment). The credentials are kept in a file (under DATA_DIR when `npm start` runs it), so a
 * restart reconnects as the same terminals without asking for new tokens; a locker is enrolled again
 * only when the console no longer knows those credentials (disenrolled, or a new terminalId).
 */

/** What the simulator keeps per locker between runs (the file is private: it holds MQTT passwords). */
export interface StoredDemoLocker {
  eboxId: string;
  code: string;
  lockerUuid: string;
  username: string;
  password: string;
  clientId: string;
  brokerUrl: string;
}

export interface DemoLocker extends StoredDemoLocker {
  compartments: VirtualCompartment[];
}

/** The console's locker as GET /ebox lists it, the fields the simulator reads. */
export interface ConsoleLocker {
  id: string;
  code: string;
  terminalId?: string | null;
  enrolledAt?: string | null;
}

/** What the simulator reads of createToken's tokenData. */
type TokenData = Pick<EnrolmentTokenData, 'token' | 'mqttUrl' | 'bootstrapUsername' | 'bootstrapPassword' | 'clientId'>;

export class DemoLockersError extends Error {}

export interface DemoLockersOptions {
  /** Up to the prefix, e.g. http://localhost:8080/io/api/v1 */
  apiUrl: string;
  /** A console session (Bearer); without it, `email` and `password` sign in. */
  sessionToken?: string;
  email?: string;
  password?: string;
  /** The demo lockers' codes: only these are run, never another locker of the console. */
  codes: readonly string[];
  /** Where credentials are kept between runs. */
  credentialsFile: string;
  /** Overrides the broker the token names (the console that started us knows its own port best). */
  brokerUrl?: string;
  log: (line: string) => void;
  /** For tests: the enrolment itself (defaults to Open-Locker's over MQTT). */
  enrol?: (options: EnrolOptions) => Promise<EnrolResult>;
}

export function readStoredDemoLockers(file: string): StoredDemoLocker[] {
  if (!existsSync(file)) return [];
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is StoredDemoLocker =>
        typeof entry?.eboxId === 'string' && typeof entry?.lockerUuid === 'string' && typeof entry?.password === 'string',
    );
  } catch {
    // A damaged file costs one enrolment per locker, not a simulator that cannot start.
    return [];
  }
}

/** Written whole to a temporary file then renamed: a crash mid-write never leaves half a file. */
export function writeStoredDemoLockers(file: string, lockers: StoredDemoLocker[]): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(lockers, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}

/**
 * The stored credentials still good for this locker: the console's terminalId is the user name they
 * were issued to, and the locker is still enrolled (a disenrolment revoked them).
 */
export function reusableCredentials(locker: ConsoleLocker, stored: StoredDemoLocker | undefined): StoredDemoLocker | undefined {
  if (!stored || stored.eboxId !== locker.id) return undefined;
  if (!locker.enrolledAt || !locker.terminalId || locker.terminalId !== stored.lockerUuid) return undefined;
  return stored;
}

/**
 * One call of the console's API as an integrator makes it: JSON named only when a body goes with it
 * (a sign-out sends none), the session as a Bearer token, answers in English for the log.
 */
export async function callConsole<T>(
  apiUrl: string,
  session: string | undefined,
  method: string,
  route: string,
  body?: unknown,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${apiUrl}${route}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        'accept-language': 'en',
        ...(session ? { authorization: `Bearer ${session}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new DemoLockersError(`the API at ${apiUrl} cannot be reached (${(error as Error).message})`);
  }
  const text = await response.text();
  if (response.status === 404 && route.startsWith('/ebox/createToken')) {
    throw new DemoLockersError(`the API at ${apiUrl} has no POST /ebox/createToken, so it cannot enrol terminals`);
  }
  if (!response.ok) throw new DemoLockersError(`${method} ${route} answered ${response.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Ends a session the simulator was handed (best effort: a failure is said, not thrown). */
export async function signOut(apiUrl: string, session: string, log: (line: string) => void): Promise<void> {
  await callConsole(apiUrl, session, 'POST', '/auth/sign-out').catch((error: Error) =>
    log(`could not end its console session: ${error.message}`),
  );
}

/** The demo lockers the console has, in the order of `codes` (a code the console lacks is skipped). */
async function listDemoLockers(options: DemoLockersOptions, session: string): Promise<ConsoleLocker[]> {
  const found: ConsoleLocker[] = [];
  for (const code of options.codes) {
    const page = await callConsole<{ rows: ConsoleLocker[] }>(
      options.apiUrl,
      session,
      'GET',
      `/ebox?filter[code]=${encodeURIComponent(code)}&limit=100`,
    );
    const locker = page.rows.find((row) => row.code === code);
    if (locker) found.push(locker);
    else options.log(`demo locker ${code} is not in the console: skipped`);
  }
  return found;
}

async function compartmentsOf(options: DemoLockersOptions, session: string, eboxId: string): Promise<VirtualCompartment[]> {
  const page = await callConsole<{ rows: { number: number; boardNumber: number | null; comNumber: number | null }[] }>(
    options.apiUrl,
    session,
    'GET',
    `/compartiment?filter[ebox]=${encodeURIComponent(eboxId)}&orderBy=number_ASC&limit=100`,
  );
  // The console's channel is the board's printed one (from 1); the terminal's is the address (from 0).
  return page.rows.map((c) => ({ number: c.number, boardNumber: c.boardNumber ?? 1, channel: addressOfChannel(c.comNumber ?? c.number) }));
}

/**
 * The demo lockers ready to run: credentials reused from the file, or a token and an enrolment for
 * each locker without good ones (the file is written after each, so an interrupted run keeps them).
 */
export async function prepareDemoLockers(
  options: DemoLockersOptions,
): Promise<{ lockers: DemoLocker[]; enrolled: number; reused: number }> {
  const session =
    options.sessionToken ??
    (options.email && options.password
      ? await callConsole<string>(options.apiUrl, undefined, 'POST', '/auth/sign-in', { email: options.email, password: options.password })
      : undefined);
  if (!session) throw new DemoLockersError('no console session: set SIM_API_TOKEN, or SIM_EMAIL and SIM_PASSWORD');
  try {
    return await enrolOrReuse(options, session);
  } finally {
    // The session was only for this: ended now, it cannot be used later by whoever reads our environment.
    await signOut(options.apiUrl, session, options.log);
  }
}

async function enrolOrReuse(
  options: DemoLockersOptions,
  session: string,
): Promise<{ lockers: DemoLocker[]; enrolled: number; reused: number }> {
  const enrol = options.enrol ?? enrolTerminal;
  const stored = new Map(readStoredDemoLockers(options.credentialsFile).map((entry) => [entry.eboxId, entry]));
  const lockers: DemoLocker[] = [];
  let enrolled = 0;
  let reused = 0;
  for (const locker of await listDemoLockers(options, session)) {
    const compartments = await compartmentsOf(options, session, locker.id);
    let credentials = reusableCredentials(locker, stored.get(locker.id));
    if (credentials) {
      reused += 1;
    } else {
      const answer = await callConsole<{ tokenData: TokenData }>(options.apiUrl, session, 'POST', '/ebox/createToken', {
        locker: locker.id,
      });
      const tokenData = answer.tokenData;
      const brokerUrl = options.brokerUrl ?? tokenData.mqttUrl;
      if (!brokerUrl) throw new DemoLockersError('the token names no broker (mqttUrl): pass --broker');
      const result = await enrol({
        brokerUrl,
        token: tokenData.token,
        bootstrapUsername: tokenData.bootstrapUsername,
        bootstrapPassword: tokenData.bootstrapPassword,
        clientId: tokenData.clientId,
      });
      if (!result.ok) throw new DemoLockersError(`demo locker ${locker.code} could not enrol: ${result.reason}`);
      credentials = {
        eboxId: locker.id,
        code: locker.code,
        lockerUuid: result.lockerUuid,
        username: result.username,
        password: result.password,
        clientId: result.clientId,
        brokerUrl,
      };
      stored.set(locker.id, credentials);
      writeStoredDemoLockers(options.credentialsFile, [...stored.values()]);
      enrolled += 1;
      options.log(`enrolled ${locker.code} as terminal ${result.lockerUuid}`);
    }
    // The console's broker may have moved (a port taken at start-up): the override wins over the file.
    lockers.push({ ...credentials, brokerUrl: options.brokerUrl ?? credentials.brokerUrl, compartments });
  }
  return { lockers, enrolled, reused };
}
