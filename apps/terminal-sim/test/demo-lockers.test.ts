import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readStoredDemoLockers, reusableCredentials, type StoredDemoLocker, writeStoredDemoLockers } from '../src/demo-lockers';

/**
 * The pieces of `--demo` that decide between reconnecting and enrolling again (the whole flow, with
 * the console, is apps/api/test/demo-lockers.test.ts).
 */

const dir = mkdtempSync(path.join(tmpdir(), 'sim-demo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const stored: StoredDemoLocker = {
  eboxId: '5b0f8a52-0d0e-4c55-8a40-6a0f3f5e8b11',
  code: 'RJ-COPA-01',
  lockerUuid: '0f098cbe-ec21-4659-afee-ca97c918d2f2',
  username: '0f098cbe-ec21-4659-afee-ca97c918d2f2',
  password: 'secret',
  clientId: 'sim-1',
  brokerUrl: 'mqtt://127.0.0.1:1883',
};

describe('demo lockers: kept credentials', () => {
  it('keeps them in a file only its owner reads, written whole, and reads them back', () => {
    const file = path.join(dir, 'nested', 'demo-lockers.json');
    writeStoredDemoLockers(file, [stored]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readStoredDemoLockers(file)).toEqual([stored]);
    // no temporary file left beside it
    expect(readdirSync(path.dirname(file))).toEqual(['demo-lockers.json']);
  });

  it('starts afresh from a missing or damaged file rather than refusing to start', () => {
    expect(readStoredDemoLockers(path.join(dir, 'none.json'))).toEqual([]);
    const damaged = path.join(dir, 'damaged.json');
    writeFileSync(damaged, '{"half": ');
    expect(readStoredDemoLockers(damaged)).toEqual([]);
    writeFileSync(damaged, JSON.stringify([{ eboxId: 'x' }, stored]));
    expect(readStoredDemoLockers(damaged)).toEqual([stored]);
  });

  it('reuses them only while the console still has the locker enrolled under that terminal', () => {
    const locker = { id: stored.eboxId, code: stored.code, terminalId: stored.lockerUuid, enrolledAt: '2026-11-24T05:57:16.398Z' };
    expect(reusableCredentials(locker, stored)).toEqual(stored);
    expect(reusableCredentials(locker, undefined)).toBeUndefined();
    // disenrolled: its credentials were revoked
    expect(reusableCredentials({ ...locker, enrolledAt: null }, stored)).toBeUndefined();
    // enrolled since by another terminal
    expect(reusableCredentials({ ...locker, terminalId: 'another' }, stored)).toBeUndefined();
    // another locker (a database made again from scratch)
    expect(reusableCredentials({ ...locker, id: 'another' }, stored)).toBeUndefined();
  });
});
