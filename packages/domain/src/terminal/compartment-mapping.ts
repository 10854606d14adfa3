import type { CompartmentMappingEntry } from './commands';

/** What the console knows of a compartment that the device needs to drive its relay. */
export interface CompartmentWiring {
  /** The number on the locker's face (compartiment.number). */
  number: number;
  /** The relay board (compartiment.boardNumber), Open-Locker's Modbus slaveId. */
  boardNumber: number;
  /** The channel on that board as printed on it (compartiment.comNumber, CH1 = 1): see addressOfChannel. */
  comNumber: number;
}

/** Relay channels per board when a locker names none (Waveshare's 8-channel Modbus board). */
export const DEFAULT_RELAY_CHANNELS = 8;

/**
 * The one conversion from our channel to Open-Locker's `address`. comNumber is the channel as the
 * relay board prints it (CH1..CHn, from 1), what an installer reads when cabling; the device counts
 * the same channel from 0. Every sender of a mapping (apply_config, the simulator) goes through here.
 */
export function addressOfChannel(comNumber: number): number {
  return comNumber - 1;
}

/** The channel (comNumber, from 1) a device's `address` (from 0) names. */
export function channelOfAddress(address: number): number {
  return address + 1;
}

/** The apply_config compartment list, sorted by number as the device hashes it. */
export function buildCompartmentMapping(compartments: readonly CompartmentWiring[]): CompartmentMappingEntry[] {
  return [...compartments]
    .sort((a, b) => a.number - b.number)
    .map((c) => ({ compartment_number: c.number, slaveId: c.boardNumber, address: addressOfChannel(c.comNumber) }));
}

/** A compartment as the pre-send check reads it: board or channel may be missing. */
export interface CompartmentWiringToCheck {
  number: number;
  boardNumber: number | null;
  comNumber: number | null;
  enable: boolean;
}

/**
 * Why a mapping must not be sent (translated by `lockers.configCheck.{code}`): a device refuses it
 * whole (INVALID_CONFIG) and keeps its previous or legacy mapping, which opens other doors.
 */
export type WiringProblem =
  | { code: 'unmapped'; numbers: string }
  | { code: 'outOfRange'; numbers: string; channels: number }
  | { code: 'duplicate'; numbers: string; board: number; channel: number };

/**
 * The check a configuration passes before it is sent, the device's own rules plus ours: every
 * channel within 1..channels (address 0..channels − 1) on a board ≥ 1, no two compartments on one
 * board and channel, every enabled compartment wired. The first problem found, or null.
 */
export function checkCompartmentWiring(
  compartments: readonly CompartmentWiringToCheck[],
  channels: number = DEFAULT_RELAY_CHANNELS,
): WiringProblem | null {
  const sorted = [...compartments].sort((a, b) => a.number - b.number);
  const unmapped = sorted.filter((c) => c.enable && (c.boardNumber === null || c.comNumber === null));
  if (unmapped.length) return { code: 'unmapped', numbers: unmapped.map((c) => c.number).join(', ') };
  const wired = sorted.filter((c) => c.boardNumber !== null && c.comNumber !== null) as CompartmentWiring[];
  const outside = wired.filter((c) => {
    const address = addressOfChannel(c.comNumber);
    return c.boardNumber < 1 || !Number.isInteger(address) || address < 0 || address > channels - 1;
  });
  if (outside.length) return { code: 'outOfRange', numbers: outside.map((c) => c.number).join(', '), channels };
  const byPlace = new Map<string, number[]>();
  for (const c of wired) {
    const key = `${c.boardNumber}:${c.comNumber}`;
    byPlace.set(key, [...(byPlace.get(key) ?? []), c.number]);
  }
  for (const [key, numbers] of byPlace) {
    if (numbers.length < 2) continue;
    const [board, channel] = key.split(':').map(Number) as [number, number];
    return { code: 'duplicate', numbers: numbers.join(', '), board, channel };
  }
  return null;
}

/**
 * The exact text Open-Locker's device hashes: the list sorted by compartment_number, each entry
 * with its keys in the order compartment_number, slaveId, address, as compact JSON. Any other
 * key order or spacing gives another hash and the device refuses the config (INVALID_CONFIG).
 */
export function canonicalizeCompartmentMapping(entries: readonly CompartmentMappingEntry[]): string {
  const sorted = [...entries].sort((a, b) => a.compartment_number - b.compartment_number);
  return JSON.stringify(sorted.map((e) => ({ compartment_number: e.compartment_number, slaveId: e.slaveId, address: e.address })));
}

/** SHA-256 (lowercase hex) of the canonical mapping: apply_config's config_hash. */
export async function hashCompartmentMapping(entries: readonly CompartmentMappingEntry[]): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalizeCompartmentMapping(entries));
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

type Translate = (key: string, params?: Record<string, unknown>) => string;

/**
 * The reason of a misconfigured locker in the reader's language: the terminal's own words when it
 * refused (ebox.configError as it answered), our check's problem when the console did not send it
 * (configError then holds the WiringProblem as JSON, so each reader gets it in their language).
 */
export function describeConfigError(t: Translate, status: string | null | undefined, error: string | null | undefined): string {
  if (status === 'invalid' && error) {
    try {
      const problem = JSON.parse(error) as WiringProblem;
      return t(`terminalCommands.configCheck.${problem.code}`, problem as unknown as Record<string, unknown>);
    } catch {
      return error;
    }
  }
  return error ?? '';
}

/** "The terminal refused its configuration: …" or "The configuration was not sent: …", translated. */
export function describeMisconfiguration(t: Translate, status: string | null | undefined, error: string | null | undefined): string {
  const reason = describeConfigError(t, status, error);
  return t(status === 'invalid' ? 'terminalCommands.configInvalid' : 'terminalCommands.configRefused', { reason });
}
