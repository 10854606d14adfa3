/**
 * `npm run test:busy [-- command ...]`: runs a command (by default `npm test`) beside a CPU load that
 * keeps every core busy, to check that the suite still passes on a busy machine (issue 6, item 17).
 *
 * BUSY_WORKERS busy loops (default: one per core; 0 runs the command alone, for comparison) run at
 * normal priority beside the command. Each ends by itself after BUSY_SECONDS (default 1200) or when
 * this script is gone, so a killed run never leaves a core spinning; they are stopped as soon as the
 * command ends. Prints the command's duration and the 1-minute load average seen while it ran.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';

function numberFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number`);
  return value;
}

const workers = numberFromEnv('BUSY_WORKERS', availableParallelism());
const boundSeconds = numberFromEnv('BUSY_SECONDS', 1200);
const command = process.argv.slice(2);
const [program, ...args] = command.length > 0 ? command : ['npm', 'test'];
const log = (line: string) => process.stdout.write(`[busy] ${line}\n`);

// Spins until the deadline, or until its parent (this script) is gone and it was handed to init.
const BUSY_LOOP = `const [end, parent] = process.argv.slice(1).map(Number);
for (let i = 0; Date.now() < end; i++) if (i % 1e6 === 0 && process.ppid !== parent) break;`;

const deadline = Date.now() + boundSeconds * 1000;
const load: ChildProcess[] = Array.from({ length: workers }, () =>
  spawn(process.execPath, ['-e', BUSY_LOOP, String(deadline), String(process.pid)], { stdio: 'ignore' }),
);
const stopLoad = () => {
  for (const child of load) if (child.exitCode === null && child.signalCode === null) child.kill();
};

const samples: number[] = [loadavg()[0]];
const sampler = setInterval(() => samples.push(loadavg()[0]), 5000);

log(`${workers} busy loop(s) on ${availableParallelism()} core(s), bounded to ${boundSeconds} s; load average ${samples[0].toFixed(2)}`);
log(`running: ${[program, ...args].join(' ')}`);
const startedAt = Date.now();
const run = spawn(program, args, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopLoad();
    run.kill(signal);
  });
}

run.on('exit', (code, signal) => {
  clearInterval(sampler);
  stopLoad();
  samples.push(loadavg()[0]);
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  const mean = samples.reduce((sum, sample) => sum + sample, 0) / samples.length;
  log(`${[program, ...args].join(' ')} ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s`);
  log(
    `beside ${workers} busy loop(s); 1-minute load average while it ran: mean ${mean.toFixed(2)}, max ${Math.max(...samples).toFixed(2)}`,
  );
  process.exit(code ?? 1);
});
