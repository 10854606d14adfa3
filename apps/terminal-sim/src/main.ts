import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ApiNotReadyError, provisionLockersThroughApi } from './api-provisioning';
import { DemoLockersError, prepareDemoLockers, signOut } from './demo-lockers';
import { DemoShipper } from './demo-shipper';
import { Fleet } from './fleet';
import { defaultCompartments, type VirtualTerminalOptions } from './virtual-terminal';
import { httpChatLink, readDemoChat, runWhatsAppCustomers, summarizeWhatsAppCustomers } from './whatsapp-customers';

const USAGE = `Virtual lockers speaking the terminal link (docs/terminal-link.md).

  npm run sim -- [options]

  --lockers N           how many lockers (default 1)
  --broker URL          MQTT broker (default $MQTT_URL or mqtt://localhost:1883)
  --api URL             console API (default $SIM_API_URL or http://localhost:8080/io/api/v1)
  --failure-rate R      0 to 1: share of openings that find the door jammed (default 0)
  --fail-install-share R  0 to 1: share of software installs that fail (install-failed), by --install-seed (default 0)
  --install-seed TEXT   seeds which installs fail, so a run repeats (default "")
  --install-ms MS       how long a software install takes (default 100)
  --latency-ms MS       time before answering a command (default 0)
  --door-close-ms MS    time a door stays open before it is shut (default 5000)
  --compartments N      compartments per locker (default 8)
  --activity-seconds S  every S seconds a locker plays a courier deposit or a customer pickup (default off)
  --outage-minutes A,B  every A minutes one locker after the other loses its network for B minutes
                        (its last will; it plays on offline and replays when back); the first after
                        one minute (default off)
  --connect-concurrency N  lockers connecting at the same time (default 100)
  --standalone          no API, no enrolment: lockers with new UUIDs connect straight to the broker
  --lockers-file PATH   lockers already enrolled: a JSON array of {lockerUuid, password, clientId?,
                        brokerUrl?, compartments?: [{number, boardNumber, channel}]} (no API needed)
  --username/--password broker credentials for --standalone (default: user = the locker UUID, no password)
  --demo                the console's own lockers with these codes (--codes A,B or $SIM_DEMO_CODES): each is
                        enrolled once (POST /ebox/createToken, then the enrolment over MQTT) and its
                        credentials kept in --credentials-file, so the next run reconnects without a token.
                        The session is $SIM_API_TOKEN, or a sign-in as $SIM_EMAIL / $SIM_PASSWORD.
                        \`npm start\` runs this with the demo lockers (SIMULATE_LOCKERS=false turns it off).
  --codes LIST          lockers' codes for --demo, comma separated
  --orders-seconds S    with --demo: every S seconds a shipper sends a parcel to one of those lockers
                        (POST /order with the session $SIM_SHIPPER_TOKEN, kept while it runs; default off)
  --credentials-file P  where --demo keeps credentials (default $DATA_DIR/terminal-sim/demo-lockers.json)
  --whatsapp N          no lockers: N customers chat with the demo's WhatsApp bots through the provider
                        sandbox of a running \`npm start\` (free and paid bookings, a Pix paid or left to
                        expire, wrong answers, cancels, support), then a summary (docs/whatsapp-bot.md)
  --chat-file PATH      where --whatsapp finds the demo's chat (default $DATA_DIR/provider-sandbox-chat.json)
  --maintenance-visit USER:PIN  once online, the first locker plays a maintenance visit: USER (e-mail or
                        id) signs in at its screen with PIN, test-opens compartment 1 and locks compartment 2
                        as damaged, then signs out; the console audits both under USER (docs/terminal-people.md)
  --verbose             print every command and answer

Through the API (the default), it signs in as $SIM_EMAIL / $SIM_PASSWORD, creates the lockers with
their compartments, gets a one-time token per locker (POST /ebox/createToken) and enrols each with
the bootstrap user ($SIM_BOOTSTRAP_USERNAME / $SIM_BOOTSTRAP_PASSWORD) before running it.`;

const log = (line: string) => console.log(`[sim] ${line}`);

/** `--outage-minutes A,B`: every A minutes an outage of B minutes (B shorter than A), the first after a minute. */
function outagesOf(text: string | undefined) {
  if (!text) return undefined;
  const [every, lasting] = text.split(',').map(Number);
  if (!every || !lasting || !(lasting > 0) || !(every > lasting)) throw new Error('--outage-minutes must be A,B with A > B > 0');
  return { everySeconds: every * 60, forSeconds: lasting * 60, firstAfterSeconds: 60 };
}

/** `--maintenance-visit USER:PIN`: who signs in at the first locker's screen, and with which PIN. */
function maintenanceVisitOf(text: string | undefined) {
  if (!text) return undefined;
  const at = text.lastIndexOf(':');
  const user = text.slice(0, at);
  const pin = text.slice(at + 1);
  if (at < 1 || !/^[0-9]{4,8}$/.test(pin)) throw new Error('--maintenance-visit must be USER:PIN with a PIN of 4 to 8 digits');
  return { user, pin };
}

function parseCli() {
  const { values } = parseArgs({
    options: {
      lockers: { type: 'string', default: '1' },
      broker: { type: 'string' },
      api: { type: 'string', default: process.env.SIM_API_URL ?? 'http://localhost:8080/io/api/v1' },
      'failure-rate': { type: 'string', default: '0' },
      'fail-install-share': { type: 'string', default: '0' },
      'install-seed': { type: 'string', default: '' },
      'install-ms': { type: 'string', default: '100' },
      'latency-ms': { type: 'string', default: '0' },
      'door-close-ms': { type: 'string', default: '5000' },
      compartments: { type: 'string', default: '8' },
      'activity-seconds': { type: 'string', default: '0' },
      'orders-seconds': { type: 'string', default: '0' },
      'connect-concurrency': { type: 'string', default: '100' },
      'outage-minutes': { type: 'string', default: '' },
      standalone: { type: 'boolean', default: false },
      'lockers-file': { type: 'string' },
      demo: { type: 'boolean', default: false },
      codes: { type: 'string', default: process.env.SIM_DEMO_CODES ?? '' },
      'credentials-file': { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      whatsapp: { type: 'string', default: '0' },
      'chat-file': { type: 'string' },
      'maintenance-visit': { type: 'string', default: '' },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const number = (name: keyof typeof values, min: number, max = Number.POSITIVE_INFINITY) => {
    const value = Number(values[name]);
    if (!Number.isFinite(value) || value < min || value > max) throw new Error(`--${name} must be a number from ${min} to ${max}`);
    return value;
  };
  return {
    help: values.help,
    lockers: Math.floor(number('lockers', 1)),
    brokerUrl: values.broker ?? process.env.MQTT_URL ?? 'mqtt://localhost:1883',
    /** Only what was said on the command line: --demo otherwise takes the broker its tokens name. */
    brokerOverride: values.broker,
    apiUrl: values.api.replace(/\/$/, ''),
    failureRate: number('failure-rate', 0, 1),
    failInstallShare: number('fail-install-share', 0, 1),
    installFailureSeed: values['install-seed'],
    installMs: number('install-ms', 0),
    latencyMs: number('latency-ms', 0),
    doorCloseAfterMs: number('door-close-ms', 0),
    compartments: Math.floor(number('compartments', 1, 1000)),
    activitySeconds: number('activity-seconds', 0),
    ordersSeconds: number('orders-seconds', 0),
    connectConcurrency: Math.floor(number('connect-concurrency', 1, 10_000)),
    outages: outagesOf(values['outage-minutes']),
    standalone: values.standalone,
    lockersFile: values['lockers-file'],
    demo: values.demo,
    codes: values.codes
      .split(',')
      .map((code) => code.trim())
      .filter(Boolean),
    credentialsFile:
      values['credentials-file'] ??
      path.join(path.resolve(process.env.DATA_DIR ?? path.join(process.cwd(), 'data')), 'terminal-sim', 'demo-lockers.json'),
    username: values.username,
    password: values.password,
    verbose: values.verbose,
    maintenanceVisit: maintenanceVisitOf(values['maintenance-visit']),
    whatsapp: Math.floor(number('whatsapp', 0, 10_000)),
    chatFile: values['chat-file'] ?? path.join(dataDirOf(), 'provider-sandbox-chat.json'),
  };
}

function dataDirOf(): string {
  return path.resolve(process.env.DATA_DIR ?? path.join(process.cwd(), 'data'));
}

/** `--whatsapp N`: the customers chat, then the summary; 1 when a conversation did not finish. */
async function chatAsCustomers(count: number, chatFile: string): Promise<number> {
  let demo: ReturnType<typeof readDemoChat>;
  try {
    demo = readDemoChat(chatFile);
  } catch (error) {
    console.error(`[sim] ${(error as Error).message}`);
    return 2;
  }
  log(`${count} WhatsApp customer(s) chat with the demo bots through ${demo.chatUrl}`);
  const summary = summarizeWhatsAppCustomers(await runWhatsAppCustomers(httpChatLink(demo.chatUrl), demo.numbers, count));
  log(
    `${summary.finished} of ${summary.conversations} conversations finished; ${summary.bookings} bookings ` +
      `(${summary.turnedAway} turned away: no free compartment); ` +
      `payments ${summary.paymentsApproved} approved, ${summary.paymentsLeftToExpire} left to expire; ` +
      `replies p50 ${summary.replyP50Ms} ms, p95 ${summary.replyP95Ms} ms`,
  );
  for (const error of summary.errors.slice(0, 5)) log(`not finished: ${error}`);
  return summary.finished === summary.conversations ? 0 : 1;
}

/** Lockers enrolled earlier (by the console's demo, say), with the credentials they were given. */
function readLockersFile(file: string): Omit<VirtualTerminalOptions, 'brokerUrl'>[] {
  const entries: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(entries)) throw new Error(`${file} must hold a JSON array of lockers`);
  return entries.map((entry, index) => {
    if (typeof entry?.lockerUuid !== 'string') throw new Error(`${file}: entry ${index} has no lockerUuid`);
    return entry as Omit<VirtualTerminalOptions, 'brokerUrl'>;
  });
}

async function main(): Promise<number> {
  let cli: ReturnType<typeof parseCli>;
  try {
    cli = parseCli();
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 1;
  }
  if (cli.help) {
    console.log(USAGE);
    return 0;
  }
  if (cli.whatsapp > 0) return chatAsCustomers(cli.whatsapp, cli.chatFile);
  const behaviour = {
    failureRate: cli.failureRate,
    latencyMs: cli.latencyMs,
    doorCloseAfterMs: cli.doorCloseAfterMs,
    failInstallShare: cli.failInstallShare,
    installFailureSeed: cli.installFailureSeed,
    installMs: cli.installMs,
  };

  let terminals: VirtualTerminalOptions[];
  if (cli.demo) {
    if (!cli.codes.length) {
      console.error("[sim] --demo needs the lockers' codes (--codes or SIM_DEMO_CODES)");
      return 1;
    }
    try {
      const prepared = await prepareDemoLockers({
        apiUrl: cli.apiUrl,
        sessionToken: process.env.SIM_API_TOKEN || undefined,
        email: process.env.SIM_EMAIL,
        password: process.env.SIM_PASSWORD,
        codes: cli.codes,
        credentialsFile: cli.credentialsFile,
        brokerUrl: cli.brokerOverride,
        log,
      });
      if (prepared.lockers.length === 0) {
        log('none of the demo lockers is in the console: nothing to simulate');
        return 0;
      }
      log(`${prepared.reused} demo locker(s) with the credentials kept in ${cli.credentialsFile}, ${prepared.enrolled} enrolled now`);
      terminals = prepared.lockers.map((locker) => ({ ...locker, ...behaviour }));
    } catch (error) {
      if (error instanceof DemoLockersError) {
        console.error(`[sim] cannot run the demo lockers: ${error.message}`);
        return 2;
      }
      throw error;
    }
  } else if (cli.lockersFile) {
    terminals = readLockersFile(cli.lockersFile).map((locker) => ({ brokerUrl: cli.brokerUrl, ...locker, ...behaviour }));
  } else if (cli.standalone) {
    terminals = Array.from({ length: cli.lockers }, () => {
      const lockerUuid = randomUUID();
      return {
        lockerUuid,
        brokerUrl: cli.brokerUrl,
        username: cli.username ?? lockerUuid,
        password: cli.password,
        compartments: defaultCompartments(cli.compartments),
        ...behaviour,
      };
    });
  } else {
    try {
      const enrolled = await provisionLockersThroughApi(cli.lockers, {
        apiUrl: cli.apiUrl,
        brokerUrl: cli.brokerUrl,
        email: process.env.SIM_EMAIL,
        password: process.env.SIM_PASSWORD,
        bootstrapUsername: process.env.SIM_BOOTSTRAP_USERNAME,
        bootstrapPassword: process.env.SIM_BOOTSTRAP_PASSWORD,
        compartmentsPerLocker: cli.compartments,
        log,
      });
      terminals = enrolled.map((locker) => ({ ...locker, ...behaviour }));
    } catch (error) {
      if (error instanceof ApiNotReadyError) {
        console.error(`[sim] cannot enrol lockers: ${error.message}`);
        return 2;
      }
      throw error;
    }
  }

  const fleet = new Fleet(terminals, {
    activitySeconds: cli.activitySeconds,
    connectConcurrency: cli.connectConcurrency,
    outages: cli.outages,
    log,
  });
  for (const terminal of fleet.terminals) {
    terminal.on('error', (error) => log(`${terminal.lockerUuid}: ${error.message}`));
    if (cli.verbose) {
      terminal.on('command', (command) => log(`${terminal.lockerUuid} <- ${command.action} ${JSON.stringify(command.data ?? {})}`));
      terminal.on('sent', ({ channel, payload }) => {
        if (channel === 'lockerResponse') log(`${terminal.lockerUuid} -> ${payload.action}: ${payload.result} ${payload.error_code ?? ''}`);
      });
    }
  }
  const { failed } = await fleet.start();
  for (const failure of failed) log(`${failure.lockerUuid} could not connect: ${failure.reason}`);
  const online = fleet.terminals.length - failed.length;
  log(`${online} of ${fleet.terminals.length} virtual lockers online on ${terminals[0]?.brokerUrl ?? cli.brokerUrl}; Ctrl+C stops them.`);
  if (online === 0) return 1;
  if (cli.standalone && cli.lockers <= 20) for (const t of fleet.terminals) log(`locker ${t.lockerUuid}`);
  const visitor = cli.maintenanceVisit;
  const visited = fleet.terminals.find((terminal) => terminal.online);
  if (visitor && visited) {
    const visit = await visited
      .playMaintenanceVisit({ ...visitor, testCompartment: 1, damagedCompartment: 2 })
      .catch((error: Error) => error);
    if (visit instanceof Error) log(`maintenance visit at ${visited.lockerUuid}: ${visit.message}`);
    else if (visit.session.result !== 'granted')
      log(`maintenance visit at ${visited.lockerUuid}: sign-in refused (${visit.session.reason})`);
    else log(`maintenance visit at ${visited.lockerUuid} by ${visit.session.user.name}: tested ${visit.tested}, locked ${visit.locked}`);
  }
  const shipperSession = process.env.SIM_SHIPPER_TOKEN || undefined;
  const shipper =
    cli.demo && cli.ordersSeconds > 0 && shipperSession
      ? new DemoShipper({ apiUrl: cli.apiUrl, sessionToken: shipperSession, codes: cli.codes, log })
      : undefined;
  if (shipper) {
    shipper.start(cli.ordersSeconds);
    log(`a shipper sends a parcel to the demo lockers every ${cli.ordersSeconds} s`);
  } else if (cli.demo && cli.ordersSeconds > 0) log('--orders-seconds needs a console session in SIM_SHIPPER_TOKEN: no shipper');

  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
    // Started by the console with an IPC channel: when the console goes (even killed), so do we.
    if (process.send) process.once('disconnect', resolve);
  });
  log('stopping');
  shipper?.stop();
  // The broker (and the API) may have gone with the console that started us: a clean goodbye would wait forever.
  await Promise.race([
    Promise.all([fleet.stop(), shipperSession && shipper ? signOut(cli.apiUrl, shipperSession, log) : undefined]),
    new Promise((resolve) => setTimeout(resolve, 3_000).unref()),
  ]);
  return 0;
}

// Our output is piped to the console that started us; once it is gone, writing must not crash the stop.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`[sim] ${error.stack ?? error.message}`);
    process.exit(1);
  },
);
