import type { CompartmentMappingEntry } from './commands';

/** What the console knows of a compartment that the device needs to drive its relay. */
export interface CompartmentWiring {
  /** The number on the locker's face (compartiment.number). */
  number: number;
  /** The relay board (compartiment.boardNumber), Open-Locker's Modbus slaveId. */
  boardNumber: number;
  /** The channel on that board (compartiment.comNumber), Open-Locker's address. */
  comNumber: number;
}

/** The apply_config compartment list, sorted by number as the device hashes it. */
export function buildCompartmentMapping(compartments: readonly CompartmentWiring[]): CompartmentMappingEntry[] {
  return [...compartments]
    .sort((a, b) => a.number - b.number)
    .map((c) => ({ compartment_number: c.number, slaveId: c.boardNumber, address: c.comNumber }));
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
