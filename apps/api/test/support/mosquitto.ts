import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './console-process';

/**
 * A real Mosquitto 2 (Debian's /usr/sbin/mosquitto) with the dynamic security plugin, on a free
 * port, its config and dynamic-security.json in a temporary folder. `mosquitto_ctrl dynsec init`
 * writes the admin user, as an operator would; the console connects as that admin (MQTT_URL,
 * MQTT_USERNAME, MQTT_PASSWORD).
 */
export type Mosquitto = { url: string; port: number; admin: { username: string; password: string }; dir: string; stop(): Promise<void> };

export const MOSQUITTO_BIN = '/usr/sbin/mosquitto';

export function mosquittoAvailable(): boolean {
  return existsSync(MOSQUITTO_BIN) && findDynsecPlugin() !== null;
}

/** Where the package put the plugin (`dpkg -L mosquitto | grep dynamic`), with the usual paths as a fallback. */
export function findDynsecPlugin(): string | null {
  try {
    const listed = execFileSync('dpkg', ['-L', 'mosquitto'], { encoding: 'utf8' })
      .split('\n')
      .find((line) => /dynamic_security\.so$/.test(line));
    if (listed && existsSync(listed)) return listed;
  } catch {
    // not a Debian system: try the usual places
  }
  for (const candidate of ['/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so', '/usr/lib/mosquitto_dynamic_security.so']) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** dynamic-security.json as Mosquitto 2.0 reads it (the parts a caller may add to). */
export type DynsecConfig = {
  clients: { username: string; password?: string; salt?: string; iterations?: number; roles?: { rolename: string }[] }[];
  roles: { rolename: string; acls?: { acltype: string; topic: string; allow: boolean; priority?: number }[] }[];
  [key: string]: unknown;
};

/**
 * `prepareDynsec` may add clients and roles to the file before Mosquitto reads it: the link bench's
 * 10,000 terminals, which made one by one through `$CONTROL` would cost Mosquitto a rewrite of the
 * whole file per command.
 */
export async function startMosquitto(options: { prepareDynsec?: (config: DynsecConfig) => void } = {}): Promise<Mosquitto> {
  const plugin = findDynsecPlugin();
  if (!plugin) throw new Error('the mosquitto dynamic security plugin is not installed (apt-get install mosquitto)');
  const dir = mkdtempSync(path.join(tmpdir(), 'ebox-mosquitto-'));
  const dynsecFile = path.join(dir, 'dynamic-security.json');
  const admin = { username: 'ebox-admin', password: `admin-${Math.random().toString(36).slice(2)}` };
  execFileSync('mosquitto_ctrl', ['dynsec', 'init', dynsecFile, admin.username, admin.password], { stdio: 'ignore' });
  if (options.prepareDynsec) {
    const config = JSON.parse(readFileSync(dynsecFile, 'utf8')) as DynsecConfig;
    options.prepareDynsec(config);
    writeFileSync(dynsecFile, JSON.stringify(config));
  }
  // Started as root, mosquitto drops to the `mosquitto` user, which must read the file and save
  // changes beside it.
  chmodSync(dir, 0o777);
  chmodSync(dynsecFile, 0o666);
  const port = await freePort();
  const config = [
    'per_listener_settings false',
    'allow_anonymous false',
    `listener ${port} 127.0.0.1`,
    `plugin ${plugin}`,
    `plugin_opt_config_file ${dynsecFile}`,
    'persistence false',
    // Mosquitto leaves Nagle on by default: a command and its answer would each wait ~40 ms for the
    // peer's delayed ACK (the link bench measured a 47 ms p50 between two clients without this).
    'set_tcp_nodelay true',
    // Past 1,000 QoS 1 messages waiting for one client (the default), Mosquitto drops the rest: a
    // console process behind 10,000 lockers connecting together lost their versions events.
    'max_queued_messages 100000',
    'max_packet_size 262144', // as the embedded broker's MQTT_MAX_PACKET_BYTES (docs/terminal-link.md, "Limits")
    'log_dest stderr',
    'log_type error',
    'log_type warning',
    '',
  ].join('\n');
  const configFile = path.join(dir, 'mosquitto.conf');
  writeFileSync(configFile, config);
  const child: ChildProcess = spawn(MOSQUITTO_BIN, ['-c', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A test run that ends without stop() (a crash, a failed set-up) takes its broker with it.
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));
  await waitForPort(
    port,
    () => child.exitCode !== null,
    () => stderr,
  );
  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    admin,
    dir,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, died: () => boolean, log: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (died()) throw new Error(`mosquitto exited: ${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`mosquitto did not listen on ${port}: ${log()}`);
}
